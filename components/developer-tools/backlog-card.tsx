'use client'
// The developer dashboard's background-jobs card (issue 22 §3): the figures of GET /health
// (workers alive, jobs due per queue, the oldest one's wait), refreshed every 10 s, so a
// growing backlog is seen before it is felt.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { DEV_TOOLS, fetchJson, type HealthDto } from './api'
import styles from './developer-tools.module.css'

export function BacklogView({ data }: { data: HealthDto }) {
  const t = useTranslations('developerTools')
  const format = useFormatter()
  const seconds = (n: number) => t('backlogSeconds', { seconds: n })
  const problems: Record<HealthDto['problems'][number], string> = {
    database: t('backlogProblemDatabase'),
    workers: t('backlogProblemWorkers'),
    backlog: t('backlogProblemBacklog'),
  }
  return (
    <div className={styles.stack}>
      <div data-testid="backlog-status">
        {data.ok ? (
          <Badge variant="success">{t('backlogHealthy')}</Badge>
        ) : (
          data.problems.map((p) => (
            <Badge key={p} variant="danger">
              {problems[p]}
            </Badge>
          ))
        )}
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.muted}>{t('backlogWorkers')}</span>
          <span className={styles.statValue} data-testid="backlog-workers">
            {format.number(data.workers.alive)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.muted}>{t('backlogDepth')}</span>
          <span className={styles.statValue} data-testid="backlog-depth">
            {format.number(data.totalDepth)}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.muted}>{t('backlogOldest')}</span>
          <span className={styles.statValue} data-testid="backlog-oldest">
            {seconds(data.oldestAgeSeconds)}
          </span>
        </div>
      </div>
      {data.queues.length ? (
        <Table
          caption={t('backlogTitle')}
          columns={[
            { key: 'queue', header: t('colQueue') },
            { key: 'depth', header: t('backlogDepth'), align: 'right' },
            { key: 'running', header: t('colRunning'), align: 'right' },
            { key: 'oldest', header: t('backlogOldest'), align: 'right' },
          ]}
          rows={data.queues.map((q) => ({
            id: q.queue,
            queue: <span className={styles.code}>{q.queue}</span>,
            depth: format.number(q.depth),
            running: format.number(q.running),
            oldest: seconds(q.oldestAgeSeconds),
          }))}
        />
      ) : (
        <p className={styles.muted}>{t('backlogEmpty')}</p>
      )}
    </div>
  )
}

export function BacklogCard() {
  const t = useTranslations('developerTools')
  const tc = useTranslations('common')
  const { data, error, mutate } = useSWR(`${DEV_TOOLS}/backlog`, fetchJson<HealthDto>, { refreshInterval: 10_000 })
  let body
  if (error && !data)
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('backlogLoadError')}
      </Notification>
    )
  else if (!data) body = <Spinner />
  else body = <BacklogView data={data} />
  return <Card title={t('backlogTitle')}>{body}</Card>
}
