'use client'
// /analytics/benchmarks/{campaigns|flows}: the account's email rates over its own periods and,
// for campaigns, the industry reference ranges the product ships with, labelled with their
// published sources. Flows have no verified public reference: the page says so.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import type { BenchmarksResponse } from '@/app/ajax/benchmarks/route'
import { useOps, pct } from './ops-api'
import { LoadStates } from './load-states'
import styles from './ops.module.css'

const METRICS = ['openRate', 'clickRate', 'conversionRate', 'unsubscribeRate', 'bounceRate', 'spamRate'] as const

export function BenchmarksScreen({ page }: { page: string }) {
  const t = useTranslations('benchmarks')
  const source = page === 'flows' ? 'flows' : 'campaigns'
  const { data, error, isLoading } = useOps<BenchmarksResponse>('/ajax/benchmarks', { source })
  const digits = (m: string) => (m === 'spamRate' ? 3 : 2)
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <nav className={styles.tabs} aria-label={t('title')}>
          <Link href="/analytics/benchmarks/campaigns" aria-current={source === 'campaigns' ? 'page' : undefined}>
            {t('campaigns')}
          </Link>
          <Link href="/analytics/benchmarks/flows" aria-current={source === 'flows' ? 'page' : undefined}>
            {t('flows')}
          </Link>
        </nav>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <div className={styles.stack}>
            <Card title={t('ownTitle')} flush>
              <Table
                caption={t('ownTitle')}
                columns={[
                  { key: 'metric', header: '' },
                  { key: 'last30', header: t('last30'), align: 'right' },
                  { key: 'previous30', header: t('previous30'), align: 'right' },
                  { key: 'last365', header: t('last365'), align: 'right' },
                  { key: 'reference', header: t('reference'), align: 'right' },
                ]}
                rows={[
                  {
                    id: 'sent',
                    metric: t('sent'),
                    last30: data.periods.last30.sent,
                    previous30: data.periods.previous30.sent,
                    last365: data.periods.last365.sent,
                    reference: '',
                  },
                  ...METRICS.map((m) => {
                    const ref = data.reference.find((r) => r.metric === m)
                    return {
                      id: m,
                      metric: t(`metric.${m}`),
                      last30: pct(data.periods.last30[m], digits(m)),
                      previous30: pct(data.periods.previous30[m], digits(m)),
                      last365: pct(data.periods.last365[m], digits(m)),
                      reference: ref
                        ? ref.low === ref.high
                          ? pct(ref.low, 3)
                          : `${pct(ref.low, digits(m))} – ${pct(ref.high, digits(m))}`
                        : '–',
                    }
                  }),
                ]}
              />
            </Card>
            <Card title={t('referenceTitle')}>
              {data.reference.length ? (
                <>
                  <p className={styles.note}>{t('referenceNote')}</p>
                  <ul className={styles.list}>
                    {Object.entries(data.sources).map(([key, s]) => (
                      <li key={key}>
                        <a href={s.url} rel="noreferrer noopener" target="_blank">
                          {s.title}
                        </a>{' '}
                        <span className={styles.muted}>({s.asOf})</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className={styles.note}>{t('noReference')}</p>
              )}
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
