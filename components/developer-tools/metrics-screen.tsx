'use client'
// /developer-tools/metrics: every metric of the account with its event count, its latest events
// (time, profile, properties as sent) and a link to the metric's own page.
import useSWR from 'swr'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { DEV_TOOLS, fetchJson, type MetricOverviewDto } from './api'
import { DeveloperToolsTabs } from './developer-tools-tabs'
import styles from './developer-tools.module.css'

export function MetricsScreen() {
  const t = useTranslations('developerTools')
  const tc = useTranslations('common')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(`${DEV_TOOLS}/metrics`, fetchJson<{ metrics: MetricOverviewDto[] }>)
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '—'
  let body
  if (error)
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  else if (!data.metrics.length) body = <EmptyState heading={t('metricsEmptyHeading')} body={t('metricsEmptyBody')} />
  else {
    body = (
      <div className={styles.stack}>
        {data.metrics.map((m) => (
          <Card
            key={m.id}
            title={
              <Link href={m.href} data-testid={`metric-${m.id}`}>
                {m.name}
              </Link>
            }
          >
            <p className={styles.muted}>
              {t('metricSummary', { count: m.eventCount, integration: m.integration, last: when(m.lastEventAt) })}
            </p>
            {m.latest.length > 0 && (
              <Table
                caption={t('latestEvents', { name: m.name })}
                columns={[
                  { key: 'time', header: t('colTime') },
                  { key: 'profile', header: t('colProfile') },
                  { key: 'properties', header: t('colProperties') },
                ]}
                rows={m.latest.map((e) => ({
                  id: e.id,
                  time: when(e.time),
                  profile: <Link href={`/profile/${encodeURIComponent(e.profileId)}`}>{e.email ?? e.profileId}</Link>,
                  properties: <span className={styles.code}>{JSON.stringify(e.properties).slice(0, 300)}</span>,
                }))}
              />
            )}
          </Card>
        ))}
      </div>
    )
  }
  return (
    <Page>
      <PageHead title={t('metricsTitle')} description={t('metricsDescription')} />
      <PageBody>
        <DeveloperToolsTabs current="/developer-tools/metrics" />
        {body}
      </PageBody>
    </Page>
  )
}
