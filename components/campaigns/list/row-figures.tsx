'use client'
// Recipients, open rate and click rate of one sent (or sending) campaign in the list.
import useSWR from 'swr'
import { useFormatter } from 'next-intl'
import { getJson } from '@/components/lists/fetcher'
import styles from '../campaigns.module.css'

interface Summary {
  recipients: number
  delivered: number
  uniqueOpens: number
  uniqueClicks: number
  openRate: number
  clickRate: number
}

export function useCampaignSummary(id: string, enabled: boolean) {
  return useSWR(enabled ? `/ajax/campaign/${encodeURIComponent(id)}/analytics` : null, getJson<{ summary: Summary }>, {
    revalidateOnFocus: false,
  })
}

export function RowFigure({
  id,
  enabled,
  figure,
}: {
  id: string
  enabled: boolean
  figure: 'recipients' | 'openRate' | 'clickRate'
}) {
  const format = useFormatter()
  const { data } = useCampaignSummary(id, enabled)
  const s = data?.summary
  if (!enabled || !s) return <span className={styles.muted}>–</span>
  // The report's own rates (human opens and clicks over delivered), never NaN.
  const rate = figure === 'openRate' ? s.openRate : s.clickRate
  const value =
    figure === 'recipients'
      ? format.number(s.recipients)
      : format.number(Number.isFinite(rate) ? rate : 0, { style: 'percent', maximumFractionDigits: 1 })
  return <span className={styles.number}>{value}</span>
}
