'use client'
// Steps 3 and 4 of a CSV import: the job's progress (polled every second while it runs), then
// its result with every refused row by line number.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { ProgressMeter } from '../processing-indicator'
import { http } from '@/lib/client/http'
import type { ImportJobView } from '../types'
import styles from './import.module.css'

export const IMPORT_POLL_MS = 1000
const RUNNING = new Set(['queued', 'processing'])

export function ImportProgress({
  listId,
  importId,
  listHref,
  onAnother,
}: {
  listId: string
  importId: string
  listHref: string
  onAnother: () => void
}) {
  const t = useTranslations('listImport')
  const format = useFormatter()
  const {
    data: job,
    error,
    mutate,
  } = useSWR<ImportJobView>(
    `/ajax/list/${encodeURIComponent(listId)}/imports/${encodeURIComponent(importId)}`,
    (url: string) => http.get<{ import: ImportJobView }>(url).then((r) => r.data.import),
    { refreshInterval: (d) => (!d || RUNNING.has(d.status) ? IMPORT_POLL_MS : 0), revalidateOnFocus: false },
  )

  if (!job) {
    return error ? (
      <Notification
        variant="error"
        title={t('statusError')}
        action={{ label: t('retry'), onClick: () => void mutate() }}
      />
    ) : (
      <div className={styles.center}>
        <Spinner size="large" />
      </div>
    )
  }

  const running = RUNNING.has(job.status)
  const processed = job.completedCount + job.failedCount
  const percent = job.percentComplete
  const n = (v: number) => format.number(v)

  if (running) {
    return (
      <Card title={job.status === 'queued' ? t('queuedTitle') : t('runningTitle')}>
        <div className={styles.stack} data-testid="import-progress" data-status={job.status}>
          <ProgressMeter percent={percent} label={t('progressLabel')} />
          <div className={styles.progressFacts}>
            <span data-testid="import-progress-count">
              {t('progressCount', { done: n(processed), total: n(job.totalCount) })}
            </span>
            <span>{t('progressPercent', { percent })}</span>
            {job.failedCount > 0 && (
              <span className={styles.failed}>
                {t('failedCount', { count: job.failedCount, formatted: n(job.failedCount) })}
              </span>
            )}
          </div>
          <p className={styles.muted}>{t('runningBody')}</p>
        </div>
      </Card>
    )
  }

  const failed = job.status === 'failed' || job.status === 'cancelled'
  const errors = job.errors ?? []
  const refused = errors.filter((e) => !e.imported)
  const partial = errors.filter((e) => e.imported)
  const errorTable = (rows: typeof errors, caption: string) => (
    <Table
      caption={caption}
      columns={[
        { key: 'line', header: t('colLine'), align: 'right' },
        { key: 'field', header: t('colField') },
        { key: 'message', header: t('colMessage') },
      ]}
      rows={rows.map((e, i) => ({ id: i, line: e.line, field: e.field || '—', message: e.message }))}
    />
  )
  return (
    <div className={styles.stack} data-testid="import-result" data-status={job.status}>
      <Notification
        variant={failed ? 'error' : job.failedCount > 0 || errors.length > 0 ? 'warning' : 'success'}
        title={failed ? (job.status === 'cancelled' ? t('cancelledTitle') : t('failedTitle')) : t('completeTitle')}
      >
        {t('resultSummary', {
          imported: job.completedCount,
          importedFormatted: n(job.completedCount),
          failed: job.failedCount,
          failedFormatted: n(job.failedCount),
        })}
      </Notification>
      <div className={styles.stats}>
        <div>
          <span className={styles.statValue}>{n(job.totalCount)}</span>
          <span className={styles.muted}>{t('statTotal')}</span>
        </div>
        <div>
          <span className={styles.statValue} data-testid="import-completed">
            {n(job.completedCount)}
          </span>
          <span className={styles.muted}>{t('statImported')}</span>
        </div>
        <div>
          <span className={`${styles.statValue} ${job.failedCount ? styles.failed : ''}`} data-testid="import-failed">
            {n(job.failedCount)}
          </span>
          <span className={styles.muted}>{t('statFailed')}</span>
        </div>
      </div>
      {refused.length > 0 && (
        <Card
          title={t('refusedTitle', { count: job.failedCount, formatted: n(job.failedCount) })}
          actions={
            job.failedCount > 0 ? (
              <LinkButton
                href={`/ajax/list/${encodeURIComponent(listId)}/imports/${encodeURIComponent(importId)}/refused`}
                download
                size="small"
                data-testid="import-refused-download"
              >
                {t('downloadRefused')}
              </LinkButton>
            ) : undefined
          }
        >
          <div className={styles.stack} data-testid="import-errors">
            <p className={styles.muted}>{t('refusedBody')}</p>
            {errorTable(refused, t('refusedTitle', { count: job.failedCount, formatted: n(job.failedCount) }))}
          </div>
        </Card>
      )}
      {partial.length > 0 && (
        <Card title={t('partialTitle', { count: partial.length, formatted: n(partial.length) })}>
          <div className={styles.stack} data-testid="import-partial">
            <p className={styles.muted}>{t('partialBody')}</p>
            {errorTable(partial, t('partialTitle', { count: partial.length, formatted: n(partial.length) }))}
          </div>
        </Card>
      )}
      <div className={styles.actions}>
        <Button onClick={onAnother}>{t('importAnother')}</Button>
        <LinkButton href={listHref} variant="primary" data-testid="back-to-list">
          {t('backToList')}
        </LinkButton>
      </div>
    </div>
  )
}
