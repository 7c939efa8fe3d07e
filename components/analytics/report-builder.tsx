'use client'
// The report builder: a source (metric, custom metric, or campaign/flow messages), measurements,
// up to three group-bys, up to ten filters, a timeframe and the previous-period comparison. Run
// posts the definition and polls the run; the server's field errors show beside their fields.
// Save keeps it as a saved report with its share flag and email schedule.
import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { isHttpError } from '@/lib/client/http'
import {
  getJson,
  postJson,
  putJson,
  waitForRun,
  type ReportDefinitionInput,
  type ResolvedLibraryEntry,
  type RunView,
  type SavedReport,
} from './analytics-api'
import { DefinitionForm } from './definition-form'
import { SaveReportForm } from './save-report-form'
import { ReportResults } from './report-results'
import styles from './analytics.module.css'

export const EMPTY_DEFINITION: ReportDefinitionInput = {
  source: { type: 'metric', metricId: '' },
  measurements: ['count'],
  groupBy: [{ type: 'time', granularity: 'daily' }],
  filters: [],
  timeframe: { range: 'last_30_days' },
  compare: false,
  limit: 100,
}

type FieldErrors = Record<string, string[]>

export function ReportBuilder({ reportId, from }: { reportId?: string; from?: string }) {
  const t = useTranslations('analytics')
  const router = useRouter()
  const [def, setDef] = useState<ReportDefinitionInput | null>(reportId || from ? null : EMPTY_DEFINITION)
  const [saved, setSaved] = useState<SavedReport | null>(null)
  const [run, setRun] = useState<RunView | null>(null)
  const [running, setRunning] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (reportId)
      getJson<SavedReport>(`/ajax/analytics/reports/${reportId}`)
        .then((r) => (setSaved(r), setDef(r.definition)))
        .catch(() => setProblem(t('loadError')))
    else if (from)
      getJson<{ entries: ResolvedLibraryEntry[] }>('/ajax/analytics/library')
        .then((l) => setDef(l.entries.find((e) => e.key === from)?.definition ?? EMPTY_DEFINITION))
        .catch(() => setDef(EMPTY_DEFINITION))
  }, [reportId, from, t])

  const fail = (e: unknown) => {
    const data = isHttpError(e) ? (e.data as { fieldErrors?: FieldErrors; message?: string }) : null
    if (data?.fieldErrors) setErrors(data.fieldErrors)
    else setProblem(data?.message ?? t('runError'))
  }

  async function runIt() {
    setRunning(true)
    setErrors({})
    setProblem(null)
    try {
      const started = await postJson<RunView>('/ajax/analytics/runs', { definition: def })
      const done = await waitForRun(started, setRun)
      setRun(done)
      if (done.status === 'failed') setProblem(done.error ?? t('runError'))
    } catch (e) {
      fail(e)
    } finally {
      setRunning(false)
    }
  }

  async function save(meta: Pick<SavedReport, 'name' | 'shared' | 'schedule' | 'recipients'>) {
    setErrors({})
    setProblem(null)
    try {
      const body = { ...meta, description: saved?.description ?? null, definition: def }
      const r = saved
        ? await putJson<SavedReport>(`/ajax/analytics/reports/${saved.id}`, body)
        : await postJson<SavedReport>('/ajax/analytics/reports', body)
      router.push(`/analytics/report/${r.id}`)
    } catch (e) {
      fail(e)
    }
  }

  if (!def)
    return problem ? (
      <Notification variant="error">{problem}</Notification>
    ) : (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  const time = def.groupBy?.find((g) => g.type === 'time')
  return (
    <div className={styles.builder}>
      <div className={styles.stack}>
        <Card title={t('definition')}>
          <DefinitionForm value={def} onChange={setDef} errors={errors} />
          <div className={styles.row}>
            <Button variant="primary" onClick={runIt} loading={running} data-testid="run-report">
              {t('run')}
            </Button>
          </div>
        </Card>
        <Card title={saved ? t('saveChanges') : t('saveReport')}>
          <SaveReportForm initial={saved} errors={errors} onSave={save} />
        </Card>
      </div>
      <div className={styles.stack}>
        {problem && <Notification variant="error">{problem}</Notification>}
        {running && run && run.status !== 'complete' && (
          <p className={styles.muted} role="status">
            {t('progress', { progress: run.progress })}
          </p>
        )}
        {run?.status === 'complete' && run.result ? (
          <ReportResults
            runId={run.id}
            result={run.result}
            granularity={time?.type === 'time' ? time.granularity : 'daily'}
          />
        ) : (
          !running && <p className={styles.muted}>{t('runHint')}</p>
        )}
      </div>
    </div>
  )
}
