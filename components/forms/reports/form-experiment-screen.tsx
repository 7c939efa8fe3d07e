'use client'
// /forms/{formId}/reports/tests/{experimentId}: one A/B test: start it, watch each variation's
// submit rate and confidence, end it with a winner (or let the hourly check pick one).
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { ReportTabs } from './report-tabs'
import { ExperimentResultsTable } from './experiment-results-table'
import { statusVariant } from './form-experiments-screen'
import { reportsApi, type FormExperimentResponse } from './reports-api'
import styles from './reports.module.css'

export function FormExperimentScreen({ formId, experimentId }: { formId: string; experimentId: string }) {
  const t = useTranslations('formReports')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(reportsApi.experimentKey(experimentId), (url: string) =>
    reportsApi.get<FormExperimentResponse>(url),
  )
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const act = async (run: () => Promise<unknown>) => {
    setBusy(true)
    setFailed(false)
    try {
      await run()
      await mutate()
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  const e = data?.experiment
  const leader = data?.variations.find((v) => v.versionId === data.leaderVersionId)
  // The merchant may end a test with any variation; the leader is offered first.
  const [picked, setPicked] = useState<number | null>(null)
  const chosen = data?.variations.find((v) => v.versionId === picked) ?? leader ?? data?.variations[0]
  return (
    <Page>
      <PageHead
        title={e?.name ?? t('testsTab')}
        description={
          e && (
            <Badge variant={statusVariant(e.status)}>
              {t(`statuses.${e.status as 'draft' | 'running' | 'completed'}`)}
            </Badge>
          )
        }
        actions={
          e && (
            <div className={styles.actions}>
              {e.status === 'draft' && (
                <Button variant="primary" loading={busy} onClick={() => act(() => reportsApi.start(e.id))}>
                  {t('start')}
                </Button>
              )}
              {e.status === 'running' && chosen && (
                <>
                  <Select
                    label={t('winnerMode')}
                    name="winner"
                    value={String(chosen.versionId)}
                    onChange={(ev) => setPicked(Number(ev.target.value))}
                    options={data.variations.map((v) => ({ value: String(v.versionId), label: v.name }))}
                  />
                  <Button
                    variant="primary"
                    loading={busy}
                    onClick={() => act(() => reportsApi.end(e.id, chosen.versionId))}
                  >
                    {t('endWith', { name: chosen.name })}
                  </Button>
                </>
              )}
            </div>
          )
        }
      />
      <PageBody>
        <ReportTabs formId={formId} current="tests" />
        {failed && <Notification variant="error" title={t('actionError')} />}
        {error ? (
          <Notification variant="error" title={t('loadError')} />
        ) : !data || !e ? (
          <Spinner label={t('loading')} />
        ) : (
          <div className={styles.stack}>
            <Card>
              <p>
                {e.status === 'draft'
                  ? t('draftExplain')
                  : e.status === 'completed'
                    ? t('completedExplain', {
                        name: data.variations.find((v) => v.versionId === e.winnerVersionId)?.name ?? '—',
                        date: e.endedAt ? format.dateTime(new Date(e.endedAt), { dateStyle: 'medium' }) : '',
                      })
                    : data.significant
                      ? t('significantExplain', {
                          name: leader?.name ?? '',
                          confidence: format.number(data.confidenceThreshold, { style: 'percent' }),
                        })
                      : t('runningExplain', {
                          minViewers: data.minViewers,
                          confidence: format.number(data.confidenceThreshold, { style: 'percent' }),
                        })}
              </p>
              {e.winnerMode === 'automatic' && e.status !== 'completed' && (
                <p className={styles.muted}>{t('automaticExplain')}</p>
              )}
            </Card>
            <Card title={t('variations')} flush>
              <ExperimentResultsTable results={data} />
            </Card>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
