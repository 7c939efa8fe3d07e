'use client'
// /analytics/deliverability/email/performance-review: the last 30 days against the 30 before,
// overall and by mailbox provider, changes in percentage points.
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import type { PerformanceReviewResponse } from '@/app/ajax/deliverability/email/performance-review/route'
import type { RateName } from '@/lib/deliverability/thresholds'
import { useOps, pct } from './ops-api'
import { LoadStates } from './load-states'
import { AdviceList } from './advice-list'
import styles from './ops.module.css'

const RATES: RateName[] = ['deliveryRate', 'bounceRate', 'spamRate', 'unsubscribeRate']
const points = (a: number, b: number) => {
  const d = (a - b) * 100
  return `${d > 0 ? '+' : ''}${d.toFixed(2)} pp`
}

export function PerformanceReview() {
  const t = useTranslations('deliverability')
  const { data, error, isLoading } = useOps<PerformanceReviewResponse>('/ajax/deliverability/email/performance-review')
  if (!data) return <LoadStates loading={isLoading} error={error} />
  const { current, previous } = data
  return (
    <div className={styles.stack}>
      <Card title={t('reviewTitle')}>
        <Table
          caption={t('reviewTitle')}
          columns={[
            { key: 'what', header: '' },
            { key: 'cur', header: t('last30'), align: 'right' },
            { key: 'prev', header: t('previous30'), align: 'right' },
            { key: 'change', header: t('change'), align: 'right' },
          ]}
          rows={[
            {
              id: 'sent',
              what: t('colSent'),
              cur: current.sent,
              prev: previous.sent,
              change: current.sent - previous.sent,
            },
            {
              id: 'score',
              what: t('score'),
              cur: current.score ?? '–',
              prev: previous.score ?? '–',
              change: current.score !== null && previous.score !== null ? current.score - previous.score : '–',
            },
            ...RATES.map((r) => ({
              id: r,
              what: t(`rate.${r}`),
              cur: pct(current.rates[r], 3),
              prev: pct(previous.rates[r], 3),
              change: points(current.rates[r], previous.rates[r]),
            })),
          ]}
        />
      </Card>
      <Card title={t('adviceTitle')}>
        <AdviceList advice={data.advice} />
      </Card>
      <Card title={t('byProviderTitle')}>
        <Table
          caption={t('byProviderTitle')}
          columns={[
            { key: 'provider', header: t('colProvider') },
            { key: 'sent', header: t('colSent'), align: 'right' },
            { key: 'bounce', header: t('colBounce'), align: 'right' },
            { key: 'bounceChange', header: t('change'), align: 'right' },
            { key: 'spam', header: t('colSpam'), align: 'right' },
            { key: 'spamChange', header: t('change'), align: 'right' },
          ]}
          rows={data.providers.map((p) => ({
            id: p.provider,
            provider: p.provider,
            sent: p.current.sent,
            bounce: pct(p.current.rates.bounceRate),
            bounceChange: p.previous ? points(p.current.rates.bounceRate, p.previous.rates.bounceRate) : '–',
            spam: pct(p.current.rates.spamRate, 3),
            spamChange: p.previous ? points(p.current.rates.spamRate, p.previous.rates.spamRate) : '–',
          }))}
          empty={t('noSends')}
        />
      </Card>
    </div>
  )
}
