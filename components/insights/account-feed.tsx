'use client'
// The account's recent events, newest first, with a metric filter and paging: the feed of
// /analytics/metrics/feed and of /dashboard/activity. Refreshes every 30 seconds (live-ish).
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { eventSummary } from '@/components/profile/timeline-model'
import { formatValue } from '@/components/profile/format-value'
import type { MetricFeedPage, MetricListItem } from '@/components/metrics/metrics-api'
import { metricPath, profilePath } from '@/lib/profile-view/slug'
import { getJson } from './insights-api'
import styles from './insights.module.css'

const PAGE_SIZE = 25

export function AccountFeed({ timeZone, title }: { timeZone: string; title: string }) {
  const t = useTranslations('metricsScreens')
  const ti = useTranslations('insights')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const [metricId, setMetricId] = useState('')
  const metrics = useSWR('/ajax/data/metrics', (url) => getJson<{ metrics: MetricListItem[] }>(url))
  const { data, error, isLoading } = useSWR(
    ['/ajax/insights/activity', page, metricId],
    ([url, p, m]) => getJson<MetricFeedPage>(url, { page: p, page_size: PAGE_SIZE, metric_id: m || undefined }),
    { keepPreviousData: true, refreshInterval: page === 1 ? 30_000 : 0 },
  )

  return (
    <div className={styles.stack}>
      <div className={styles.controls}>
        <Select
          label={ti('feedMetric')}
          name="feed-metric"
          value={metricId}
          options={[
            { value: '', label: ti('feedAllMetrics') },
            ...(metrics.data?.metrics ?? []).map((m) => ({ value: m.id, label: m.name })),
          ]}
          onChange={(e) => {
            setMetricId(e.target.value)
            setPage(1)
          }}
        />
      </div>
      <Card
        title={title}
        flush
        actions={
          data && (page > 1 || data.hasNext) ? (
            <div className={styles.actions}>
              <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('newer')}
              </Button>
              <span className={styles.muted}>{t('pageN', { page })}</span>
              <Button size="small" disabled={!data.hasNext} onClick={() => setPage(page + 1)}>
                {t('older')}
              </Button>
            </div>
          ) : undefined
        }
      >
        {error && <Notification variant="error">{t('feedError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner />
          </div>
        )}
        {data && data.events.length === 0 && <p className={styles.note}>{t('feedEmpty')}</p>}
        {data && data.events.length > 0 && (
          <div className={styles.tableWrap} role="region" aria-label={title} tabIndex={0}>
            <table className={styles.table} data-testid="account-feed">
              <thead>
                <tr>
                  <th scope="col">{ti('feedMetric')}</th>
                  <th scope="col">{t('colProfile')}</th>
                  <th scope="col">{t('colDetails')}</th>
                  <th scope="col" className={styles.num}>
                    {t('colValue')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('colTime')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <Link href={metricPath(e.metric.id, e.metric.name)}>{e.metric.name}</Link>
                    </td>
                    <td>
                      <Link href={profilePath(e.profile.id)}>
                        {e.profile.name || e.profile.email || e.profile.phoneNumber || t('anonymousProfile')}
                      </Link>
                    </td>
                    <td>{eventSummary(e.properties) ?? '—'}</td>
                    <td className={styles.num}>{e.value === null ? '—' : formatValue(format, e.value, e.currency)}</td>
                    <td className={styles.num}>
                      <time dateTime={e.time}>
                        {format.dateTime(new Date(e.time), { dateStyle: 'medium', timeStyle: 'short', timeZone })}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  )
}
