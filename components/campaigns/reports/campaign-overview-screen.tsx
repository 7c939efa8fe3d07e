'use client'
// /campaign/{campaignId}/reports/overview: what the campaign did and earned — recipients,
// delivery, opens, clicks (bot activity excluded), bounces, spam and unsubscribes, and the
// conversions attributed to it (last touch, /settings/attribution windows) with their value.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { CampaignReportFrame } from './report-frame'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { getJsonAsIs } from '@/components/lists/fetcher'
import { isHttpError } from '@/lib/client/http'
import { StatTile } from '@/components/flows/reports/stat-tile'
import { useMoney } from '@/components/reports/use-money'
import type { CampaignOverviewResponse } from '@/lib/campaigns/ajax/report-overview'
import styles from '@/components/flows/reports/reports.module.css'

export function CampaignOverviewScreen({ campaignId }: { campaignId: string }) {
  const t = useTranslations('campaignReports')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(
    `/ajax/campaign/${encodeURIComponent(campaignId)}/reports/overview`,
    getJsonAsIs<CampaignOverviewResponse>,
  )
  const n = (v: number) => format.number(v)
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 })
  const notFound = isHttpError(error) && error.status === 404
  const s = data?.statistics
  const money = useMoney(data?.currency)
  return (
    <CampaignReportFrame campaignId={campaignId} tab="overview">
      {notFound ? (
        <Notification variant="error" title={t('notFound')} />
      ) : error ? (
        <Notification
          variant="error"
          title={t('loadError')}
          action={{ label: t('retry'), onClick: () => void mutate() }}
        />
      ) : !data || !s ? (
        <Spinner label={t('loading')} />
      ) : s.recipients === 0 ? (
        <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} />
      ) : (
        <>
          <div className={styles.tiles}>
            <StatTile label={t('recipients')} value={n(s.recipients)} testId="stat-recipients" />
            <StatTile
              label={t('delivered')}
              value={n(s.delivered)}
              sub={pct(s.delivery_rate)}
              testId="stat-delivered"
            />
            <StatTile
              label={t('openRate')}
              value={pct(s.open_rate)}
              sub={t('uniqueCount', { count: s.opens_unique })}
              testId="stat-open-rate"
            />
            <StatTile
              label={t('clickRate')}
              value={pct(s.click_rate)}
              sub={t('uniqueCount', { count: s.clicks_unique })}
              testId="stat-click-rate"
            />
            {/* No opens seen (images blocked, or only clicks): a click-to-open rate would be a made-up 0 %. */}
            <StatTile
              label={t('clickToOpenRate')}
              value={s.opens_unique ? pct(s.click_to_open_rate) : '—'}
              testId="stat-click-to-open"
            />
            <StatTile label={t('bounceRate')} value={pct(s.bounce_rate)} sub={t('count', { count: s.bounced })} />
            <StatTile
              label={t('spamRate')}
              value={pct(s.spam_complaint_rate)}
              sub={t('count', { count: s.spam_complaints })}
            />
            <StatTile
              label={t('unsubscribeRate')}
              value={pct(s.unsubscribe_rate)}
              sub={t('count', { count: s.unsubscribe_uniques })}
            />
          </div>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('revenueTitle')}</h2>
            <div className={styles.tiles}>
              <StatTile
                label={t('conversions')}
                value={n(s.conversions)}
                sub={t('uniqueCount', { count: s.conversion_uniques })}
                testId="stat-conversions"
              />
              <StatTile label={t('conversionRate')} value={pct(s.conversion_rate)} />
              <StatTile label={t('revenue')} value={money(s.conversion_value)} testId="stat-revenue" />
              <StatTile label={t('revenuePerRecipient')} value={money(s.revenue_per_recipient)} />
              <StatTile label={t('averageOrderValue')} value={money(s.average_order_value)} />
            </div>
            <p className={styles.crumb}>{t('attributionNote')}</p>
          </section>
        </>
      )}
    </CampaignReportFrame>
  )
}
