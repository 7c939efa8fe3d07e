'use client'
// /experiments/global/{id}: one experiment's variations with their rates and confidence.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ExperimentResponse } from '@/app/ajax/experiments/[experimentId]/route'
import styles from '@/components/deliverability/ops.module.css'

export function ExperimentScreen({ experimentId }: { experimentId: string }) {
  const t = useTranslations('experiments')
  const { data, error, isLoading } = useOps<ExperimentResponse>(`/ajax/experiments/${encodeURIComponent(experimentId)}`)
  if (!data)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          <LoadStates loading={isLoading} error={error} />
        </PageBody>
      </Page>
    )
  const e = data.experiment
  const revenue = e.metric === 'revenue' || e.metric === 'placed_order_revenue'
  return (
    <Page>
      <PageHead
        title={e.name}
        description={`${t(`sourceName.${e.source}`)} · ${t(`status.${e.status}`)}`}
        actions={<LinkButton href={e.href}>{t('openTool')}</LinkButton>}
      />
      <PageBody>
        <div className={styles.stack}>
          <p className={styles.note}>
            <Link href="/experiments/global">{t('backToList')}</Link>
          </p>
          <Card title={t('variationsTitle')} flush>
            <Table
              caption={t('variationsTitle')}
              columns={[
                { key: 'name', header: t('colVariation') },
                { key: 'recipients', header: t('colRecipients'), align: 'right' },
                { key: 'rate', header: e.metric ? t(`metric.${e.metric}`) : t('colRate'), align: 'right' },
                { key: 'confidence', header: t('colConfidence'), align: 'right' },
                { key: 'winner', header: '' },
              ]}
              rows={data.variations.map((v, i) => ({
                id: i,
                name: v.name,
                recipients: v.recipients,
                rate: v.rate === null ? '–' : revenue ? v.rate.toFixed(2) : `${(v.rate * 100).toFixed(2)} %`,
                confidence: v.confidence === null ? '–' : `${(v.confidence * 100).toFixed(1)} %`,
                winner: v.isWinner ? <Badge variant="success">{t('winner')}</Badge> : null,
              }))}
              empty={t('noVariations')}
            />
          </Card>
          <p className={styles.note}>{t('confidenceNote')}</p>
        </div>
      </PageBody>
    </Page>
  )
}
