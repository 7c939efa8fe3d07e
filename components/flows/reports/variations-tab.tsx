'use client'
// Variations: when the message is an arm of an A/B test, each variation's recipients, rates and
// revenue, the leader, each other variation's confidence against it (the test named), and what
// the automatic winner rule would do now; otherwise, how to start one.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { getJson } from '@/components/lists/fetcher'
import type { MessageVariationsResponse } from '@/app/ajax/flow/message/[id]/reports/variations/route'
import { strictLeader } from './strict-leader'
import styles from './reports.module.css'

export function VariationsTab({ base, flowId }: { base: string; flowId: string | null }) {
  const t = useTranslations('flowReports')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(`${base}/variations`, getJson<MessageVariationsResponse>)
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 })
  const money = (v: number) => format.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  if (error)
    return (
      <Notification
        variant="error"
        title={t('loadError')}
        action={{ label: t('retry'), onClick: () => void mutate() }}
      />
    )
  if (!data) return <TableSkeleton />
  const ab = data.abTest
  if (!ab) {
    return (
      <EmptyState
        heading={t('noAbTitle')}
        body={t('noAbBody')}
        actions={flowId ? <Link href={`/flow/${encodeURIComponent(flowId)}/edit`}>{t('openFlow')}</Link> : undefined}
      />
    )
  }
  const leader = strictLeader(ab.variations, ab.leader, (v) =>
    ab.metric === 'click_rate'
      ? v.clickRate
      : ab.metric === 'placed_order_revenue'
        ? v.revenuePerRecipient
        : v.openRate,
  )
  const metricLabel = t(
    ab.metric === 'click_rate' ? 'clickRate' : ab.metric === 'placed_order_revenue' ? 'valuePerRecipient' : 'openRate',
  )
  return (
    <>
      <Notification
        variant={ab.winnerVariationId ? 'success' : 'info'}
        title={ab.winnerVariationId ? t('abWinnerChosen') : t('abRunning', { metric: metricLabel })}
      >
        {ab.automaticWinner.reason}
      </Notification>
      <Table
        caption={t('tab.variations')}
        columns={[
          { key: 'name', header: t('colVariation') },
          { key: 'recipients', header: t('recipients'), align: 'right' as const },
          { key: 'open', header: t('openRate'), align: 'right' as const },
          { key: 'click', header: t('clickRate'), align: 'right' as const },
          { key: 'revenue', header: t('conversionValue'), align: 'right' as const },
          { key: 'confidence', header: t('colConfidence'), align: 'right' as const },
        ]}
        rows={ab.variations.map((v, i) => ({
          id: v.variationId,
          name: (
            <span>
              {v.name || t('variationN', { n: i + 1 })}{' '}
              {v.isWinner ? (
                <Badge variant="success">{t('winner')}</Badge>
              ) : v.variationId === leader ? (
                <Badge variant="info">{t('leader')}</Badge>
              ) : null}
            </span>
          ),
          recipients: <span className={styles.number}>{format.number(v.recipients)}</span>,
          open: <span className={styles.number}>{pct(v.openRate)}</span>,
          click: <span className={styles.number}>{pct(v.clickRate)}</span>,
          revenue: <span className={styles.number}>{money(v.revenue)}</span>,
          confidence: (
            <span
              className={styles.number}
              title={v.significance ? t(v.significance.test === 'welch-t' ? 'welch' : 'twoProportion') : undefined}
            >
              {v.significance?.confidence == null ? '—' : pct(v.significance.confidence)}
            </span>
          ),
        }))}
      />
      <p className={styles.crumb}>{t('confidenceNote', { threshold: pct(ab.confidenceThreshold) })}</p>
    </>
  )
}
