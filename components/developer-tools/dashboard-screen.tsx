'use client'
// /developer-tools/dashboard: the last 7 days of /api calls: totals and error rate, calls per
// day by key or app (a stacked chart and a table), the busiest endpoints and the latest errors;
// above them the background jobs' backlog (backlog-card.tsx).
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { DEV_TOOLS, fetchJson, type DashboardDto } from './api'
import { DeveloperToolsTabs } from './developer-tools-tabs'
import { RequestLogTable } from './request-log-table'
import { BacklogCard } from './backlog-card'
import styles from './developer-tools.module.css'

const COLORS = ['#3b5bdb', '#e8590c', '#2b8a3e', '#ae3ec9', '#1098ad', '#f08c00', '#c92a2a', '#5c940d']

export function DashboardView({ data }: { data: DashboardDto }) {
  const t = useTranslations('developerTools')
  const format = useFormatter()
  const day = (d: string) =>
    format.dateTime(new Date(`${d}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' })
  if (!data.total) return <EmptyState heading={t('dashboardEmptyHeading')} body={t('dashboardEmptyBody')} />
  const chartRows = data.days.map((d, i) => ({
    day: day(d),
    ...Object.fromEntries(data.callers.map((c) => [c.caller.name, c.perDay[i] ?? 0])),
  }))
  return (
    <div className={styles.stack}>
      <div className={styles.stats}>
        <Card>
          <div className={styles.stat}>
            <span className={styles.muted}>{t('statCalls')}</span>
            <span className={styles.statValue} data-testid="stat-calls">
              {format.number(data.total)}
            </span>
          </div>
        </Card>
        <Card>
          <div className={styles.stat}>
            <span className={styles.muted}>{t('statErrors')}</span>
            <span className={styles.statValue} data-testid="stat-errors">
              {format.number(data.errors)}
            </span>
          </div>
        </Card>
        <Card>
          <div className={styles.stat}>
            <span className={styles.muted}>{t('statErrorRate')}</span>
            <span className={styles.statValue} data-testid="stat-error-rate">
              {format.number(data.errorRate, { style: 'percent', maximumFractionDigits: 1 })}
            </span>
          </div>
        </Card>
      </div>
      <Card title={t('callsPerDay')}>
        <div className={styles.chart} aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chartRows}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              {data.callers.map((c, i) => (
                <Bar key={c.caller.id} dataKey={c.caller.name} stackId="calls" fill={COLORS[i % COLORS.length]} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
        <Table
          caption={t('callsPerDay')}
          columns={[
            { key: 'caller', header: t('colCaller') },
            ...data.days.map((d) => ({ key: d, header: day(d), align: 'right' as const })),
            { key: 'total', header: t('colTotal'), align: 'right' },
            { key: 'errors', header: t('colErrors'), align: 'right' },
          ]}
          rows={data.callers.map((c) => ({
            id: c.caller.id,
            caller: c.caller.kind === 'app' ? t('callerApp', { name: c.caller.name }) : c.caller.name,
            ...Object.fromEntries(data.days.map((d, i) => [d, format.number(c.perDay[i] ?? 0)])),
            total: format.number(c.total),
            errors: format.number(c.errors),
          }))}
        />
      </Card>
      <Card title={t('topEndpoints')}>
        <Table
          caption={t('topEndpoints')}
          columns={[
            { key: 'endpoint', header: t('colEndpoint') },
            { key: 'calls', header: t('colCalls'), align: 'right' },
            { key: 'errors', header: t('colErrors'), align: 'right' },
          ]}
          rows={data.topEndpoints.map((e) => ({
            id: `${e.method} ${e.path}`,
            endpoint: (
              <span className={styles.code}>
                {e.method} {e.path}
              </span>
            ),
            calls: format.number(e.calls),
            errors: format.number(e.errors),
          }))}
        />
      </Card>
      <Card title={t('recentErrors')}>
        <RequestLogTable rows={data.recentErrors} caption={t('recentErrors')} empty={t('noErrors')} />
      </Card>
    </div>
  )
}

export function DashboardScreen() {
  const t = useTranslations('developerTools')
  const tc = useTranslations('common')
  const { data, error, mutate } = useSWR(`${DEV_TOOLS}/dashboard`, fetchJson<DashboardDto>)
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
  else body = <DashboardView data={data} />
  return (
    <Page>
      <PageHead title={t('dashboardTitle')} description={t('dashboardDescription')} />
      <PageBody>
        <DeveloperToolsTabs current="/developer-tools/dashboard" />
        <div className={styles.stack}>
          <BacklogCard />
          {body}
        </div>
      </PageBody>
    </Page>
  )
}
