'use client'
// A table of logged /api requests: time, caller, method and path, status, latency, revision;
// each row opens the request's detail screen.
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { statusVariant, type RequestLogRowDto } from './api'
import styles from './developer-tools.module.css'

export function RequestLogTable({
  rows,
  caption,
  empty,
}: {
  rows: RequestLogRowDto[]
  caption: string
  empty?: string
}) {
  const t = useTranslations('developerTools')
  const format = useFormatter()
  return (
    <Table
      caption={caption}
      empty={empty ?? t('logsEmpty')}
      columns={[
        { key: 'time', header: t('colTime') },
        { key: 'caller', header: t('colCaller') },
        { key: 'request', header: t('colRequest') },
        { key: 'status', header: t('colStatus') },
        { key: 'latency', header: t('colLatency'), align: 'right' },
        { key: 'revision', header: t('colRevision') },
      ]}
      rows={rows.map((r) => ({
        id: r.id,
        time: (
          <Link href={`/developer-tools/logs/id/${r.id}`} data-testid={`log-${r.id}`}>
            {format.dateTime(new Date(r.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })}
          </Link>
        ),
        caller: r.caller.kind === 'app' ? t('callerApp', { name: r.caller.name }) : r.caller.name,
        request: (
          <span className={styles.code}>
            {r.method} {r.path}
          </span>
        ),
        status: <Badge variant={statusVariant(r.status)}>{r.status}</Badge>,
        latency: t('latencyMs', { ms: r.latencyMs }),
        revision: r.revision ?? '—',
      }))}
    />
  )
}
