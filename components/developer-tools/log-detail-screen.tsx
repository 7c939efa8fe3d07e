'use client'
// /developer-tools/logs/id/{eventId}: one /api request: method, path, status, latency, revision,
// caller and the error body it answered (pretty-printed JSON, shown as text: never as HTML).
import useSWR from 'swr'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { isHttpError } from '@/lib/client/http'
import { DEV_TOOLS, fetchJson, statusVariant, type RequestLogDetailDto } from './api'
import { DeveloperToolsTabs } from './developer-tools-tabs'
import styles from './developer-tools.module.css'

export function LogDetailView({ log }: { log: RequestLogDetailDto }) {
  const t = useTranslations('developerTools')
  const format = useFormatter()
  return (
    <div className={styles.stack}>
      <Card title={t('requestTitle')}>
        <dl className={styles.details}>
          <dt>{t('colTime')}</dt>
          <dd>{format.dateTime(new Date(log.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })}</dd>
          <dt>{t('colCaller')}</dt>
          <dd>{log.caller.kind === 'app' ? t('callerApp', { name: log.caller.name }) : log.caller.name}</dd>
          <dt>{t('colMethod')}</dt>
          <dd className={styles.code}>{log.method}</dd>
          <dt>{t('colPath')}</dt>
          <dd className={styles.code} data-testid="log-path">
            {log.path}
          </dd>
          <dt>{t('colStatus')}</dt>
          <dd>
            <Badge variant={statusVariant(log.status)}>{log.status}</Badge>
          </dd>
          <dt>{t('colLatency')}</dt>
          <dd>{t('latencyMs', { ms: log.latencyMs })}</dd>
          <dt>{t('colRevision')}</dt>
          <dd>{log.revision ?? '—'}</dd>
        </dl>
      </Card>
      <Card title={t('errorBody')}>
        {log.errorBody ? (
          <pre className={styles.pre} data-testid="error-body">
            {log.errorBody}
          </pre>
        ) : (
          <p className={styles.muted}>{t('noErrorBody')}</p>
        )}
      </Card>
    </div>
  )
}

export function LogDetailScreen({ eventId }: { eventId: string }) {
  const t = useTranslations('developerTools')
  const { data, error } = useSWR(
    `${DEV_TOOLS}/logs/${encodeURIComponent(eventId)}`,
    fetchJson<{ log: RequestLogDetailDto }>,
  )
  let body
  if (error)
    body = (
      <Notification variant="error">
        {isHttpError(error) && error.status === 404 ? t('logNotFound') : t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  else body = <LogDetailView log={data.log} />
  return (
    <Page>
      <PageHead title={t('logDetailTitle')} actions={<Link href="/developer-tools/logs">{t('backToLogs')}</Link>} />
      <PageBody>
        <DeveloperToolsTabs current="/developer-tools/logs" />
        {body}
      </PageBody>
    </Page>
  )
}
