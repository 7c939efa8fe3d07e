'use client'
// /analytics/report/{id} and /report-builder/{id}/results: a saved report run now (a run row in
// its history), with its results, and the ways to edit, duplicate, delete or see its history.
import { useEffect, useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { isHttpError } from '@/lib/client/http'
import { deleteJson, postJson, useAnalytics, waitForRun, type RunView, type SavedReport } from './analytics-api'
import { ReportResults } from './report-results'
import styles from './analytics.module.css'

export function SavedReportScreen({ reportId }: { reportId: string }) {
  const t = useTranslations('analytics')
  const router = useRouter()
  const { data: report, error } = useAnalytics<SavedReport>(`/ajax/analytics/reports/${reportId}`)
  const [run, setRun] = useState<RunView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (!report) return
    let live = true
    postJson<RunView>(`/ajax/analytics/reports/${report.id}/runs`)
      .then((r) => waitForRun(r, (p) => live && setRun(p)))
      .then((r) => live && setRun(r))
      .catch(() => live && setProblem(t('runError')))
    return () => {
      live = false
    }
  }, [report, t])

  if (error)
    return (
      <Notification variant="error">
        {isHttpError(error) && error.status === 404 ? t('reportMissing') : t('loadError')}
      </Notification>
    )
  if (!report)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  const time = report.definition.groupBy?.find((g) => g.type === 'time')
  return (
    <div className={styles.stack}>
      <h2 className={styles.tileTitle} data-testid="report-name">
        {report.name}
      </h2>
      {report.description && <p className={styles.muted}>{report.description}</p>}
      <div className={styles.row}>
        <LinkButton href={`/report-builder/${report.id}/edit`}>{t('edit')}</LinkButton>
        <LinkButton href={`/analytics/report/${report.id}/history`}>{t('history')}</LinkButton>
        <Button
          onClick={async () => {
            const copy = await postJson<SavedReport>(`/ajax/analytics/reports/${report.id}/duplicate`)
            router.push(`/analytics/report/${copy.id}`)
          }}
        >
          {t('duplicate')}
        </Button>
        <Button
          variant="danger"
          onClick={async () => {
            if (!window.confirm(t('confirmDeleteReport'))) return
            await deleteJson(`/ajax/analytics/reports/${report.id}`)
            router.push('/analytics/reports')
          }}
        >
          {t('delete')}
        </Button>
      </div>
      {report.schedule !== 'none' && <p className={styles.muted}>{t(`scheduledNote.${report.schedule}`)}</p>}
      {problem && <Notification variant="error">{problem}</Notification>}
      {run?.status === 'failed' && <Notification variant="error">{run.error ?? t('runError')}</Notification>}
      {run?.status === 'complete' && run.result ? (
        <ReportResults
          runId={run.id}
          result={run.result}
          granularity={time?.type === 'time' ? time.granularity : 'daily'}
        />
      ) : (
        !problem && (
          <p className={styles.muted} role="status">
            {t('progress', { progress: run?.progress ?? 0 })}
          </p>
        )
      )}
      <Link href="/analytics/reports">{t('allReports')}</Link>
    </div>
  )
}
