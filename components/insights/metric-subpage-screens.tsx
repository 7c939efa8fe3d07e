'use client'
// /metric/{id}/{slug}/feed and /list: a metric's event feed and the profiles who did it, each
// with a link back to the metric's page.
import { useState } from 'react'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { MetricEventFeed } from '@/components/metrics/metric-event-feed'
import { metricPath, profilePath } from '@/lib/profile-view/slug'
import { useInsight } from './insights-api'
import styles from './insights.module.css'

interface MetricProfiles {
  metric: { id: string; name: string }
  profiles: Array<{
    id: string
    email: string | null
    name: string | null
    count: number
    value: number
    lastAt: string
  }>
  page: number
  hasNext: boolean
}

export function MetricFeedScreen({ metricId, slug, timeZone }: { metricId: string; slug: string; timeZone: string }) {
  const t = useTranslations('insights')
  return (
    <Page>
      <PageHead
        title={t('metricFeedTitle')}
        description={
          <Link href={`/metric/${encodeURIComponent(metricId)}/${encodeURIComponent(slug)}`}>{t('backToMetric')}</Link>
        }
      />
      <PageBody>
        <MetricEventFeed metricId={metricId} timeZone={timeZone} />
      </PageBody>
    </Page>
  )
}

export function MetricProfilesScreen({ metricId, timeZone }: { metricId: string; timeZone: string }) {
  const t = useTranslations('insights')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const { data, error, isLoading } = useInsight<MetricProfiles>(
    `/ajax/insights/metric/${encodeURIComponent(metricId)}/profiles`,
    { page, page_size: 25 },
  )
  return (
    <Page>
      <PageHead
        title={data ? t('metricProfilesTitle', { metric: data.metric.name }) : t('metricProfilesHeading')}
        description={data && <Link href={metricPath(data.metric.id, data.metric.name)}>{t('backToMetric')}</Link>}
      />
      <PageBody>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {isLoading && !data && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <Card
            flush
            actions={
              (page > 1 || data.hasNext) && (
                <div className={styles.actions}>
                  <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('previousPage')}
                  </Button>
                  <Button size="small" disabled={!data.hasNext} onClick={() => setPage(page + 1)}>
                    {t('nextPage')}
                  </Button>
                </div>
              )
            }
          >
            {data.profiles.length === 0 ? (
              <p className={styles.note}>{t('metricProfilesEmpty')}</p>
            ) : (
              <div className={styles.tableWrap} role="region" aria-label={t('metricProfilesHeading')} tabIndex={0}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('profile')}</th>
                      <th scope="col" className={styles.num}>
                        {t('times')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('value')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('lastTime')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.profiles.map((p) => (
                      <tr key={p.id}>
                        <td>
                          <Link href={profilePath(p.id)}>{p.name || p.email || p.id}</Link>
                        </td>
                        <td className={styles.num}>{format.number(p.count)}</td>
                        <td className={styles.num}>{format.number(p.value)}</td>
                        <td className={styles.num}>
                          <time dateTime={p.lastAt}>
                            {format.dateTime(new Date(p.lastAt), { dateStyle: 'medium', timeStyle: 'short', timeZone })}
                          </time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
