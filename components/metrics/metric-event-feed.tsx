'use client'
// The metric's event feed, newest first, page by page: the server reads one event beyond the
// page to know whether there is a next one. Each row links to the person's profile.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { profilePath } from '@/lib/profile-view/slug'
import { eventSummary } from '@/components/profile/timeline-model'
import { formatValue } from '@/components/profile/format-value'
import { getJson, metricBase, type MetricFeedPage } from './metrics-api'
import styles from './metrics.module.css'

export const FEED_PAGE_SIZE = 25

export function MetricEventFeed({ metricId, timeZone }: { metricId: string; timeZone: string }) {
  const t = useTranslations('metricsScreens')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const { data, error, isLoading } = useSWR(
    ['metric-feed', metricId, page],
    ([, id, p]) => getJson<MetricFeedPage>(`${metricBase(id)}/events`, { page: p, page_size: FEED_PAGE_SIZE }),
    { keepPreviousData: true },
  )

  return (
    <Card
      title={t('feedTitle')}
      flush
      actions={
        data && (page > 1 || data.hasNext) ? (
          <div className={styles.pager}>
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
      {error && (
        <div className={styles.cardPad}>
          <Notification variant="error">{t('feedError')}</Notification>
        </div>
      )}
      {isLoading && !data && (
        <div className={styles.centered}>
          <Spinner />
        </div>
      )}
      {data && data.events.length === 0 && <p className={styles.emptyBlock}>{t('feedEmpty')}</p>}
      {data && data.events.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="metric-feed">
            <thead>
              <tr>
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
                <tr key={e.id} data-testid="metric-feed-event">
                  <td>
                    <Link href={profilePath(e.profile.id)} className={styles.profileLink}>
                      {e.profile.name || e.profile.email || e.profile.phoneNumber || t('anonymousProfile')}
                    </Link>
                    {e.profile.name && e.profile.email && <span className={styles.subtle}>{e.profile.email}</span>}
                  </td>
                  <td className={styles.details}>
                    {eventSummary(e.properties) ?? <span className={styles.muted}>—</span>}
                  </td>
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
  )
}
