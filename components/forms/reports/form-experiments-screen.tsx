'use client'
// /forms/{formId}/reports/tests: the form's A/B tests (status, variations, winner) and a new one.
import { useState } from 'react'
import useSWR from 'swr'
import { useRouter } from 'next/navigation'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Table } from '@/components/ui/table'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { ReportTabs } from './report-tabs'
import { CreateExperimentForm } from './create-experiment-form'
import { reportsApi, type FormExperimentsResponse } from './reports-api'
import styles from './reports.module.css'

export const statusVariant = (s: string) =>
  (s === 'running' ? 'info' : s === 'completed' ? 'success' : 'neutral') as 'info' | 'success' | 'neutral'

export function FormExperimentsScreen({ formId }: { formId: string }) {
  const t = useTranslations('formReports')
  const format = useFormatter()
  const key = reportsApi.experimentsKey(formId)
  const { data, error } = useSWR(key, (url: string) => reportsApi.get<FormExperimentsResponse>(url))
  const [creating, setCreating] = useState(false)
  const router = useRouter()
  const open = data?.experiments.some((e) => e.status !== 'completed')
  const canCreate = !!data && data.versions.length >= 2 && !open
  return (
    <Page>
      <PageHead
        title={data ? t('testsTitle', { name: data.form.name }) : t('testsTab')}
        actions={
          canCreate && !creating ? (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('newTest')}
            </Button>
          ) : undefined
        }
      />
      <PageBody>
        <ReportTabs formId={formId} current="tests" />
        {error ? (
          <Notification variant="error" title={t('loadError')} />
        ) : !data ? (
          <Spinner label={t('loading')} />
        ) : (
          <div className={styles.stack}>
            {creating && (
              <Card title={t('newTest')}>
                <CreateExperimentForm
                  versions={data.versions}
                  onCancel={() => setCreating(false)}
                  onSubmit={async (body) => {
                    const { id } = await reportsApi.create(formId, body)
                    router.push(`/forms/${encodeURIComponent(formId)}/reports/tests/${id}`)
                  }}
                />
              </Card>
            )}
            {data.experiments.length === 0 ? (
              <EmptyState
                heading={t('testsEmptyTitle')}
                body={data.versions.length < 2 ? t('testsNeedVersions') : t('testsEmptyBody')}
              />
            ) : (
              <Card flush>
                <Table
                  caption={t('testsTab')}
                  columns={[
                    { key: 'name', header: t('testName') },
                    { key: 'status', header: t('status') },
                    { key: 'variations', header: t('variations') },
                    { key: 'started', header: t('started') },
                  ]}
                  rows={data.experiments.map((e) => ({
                    id: e.id,
                    name: <a href={`/forms/${encodeURIComponent(formId)}/reports/tests/${e.id}`}>{e.name}</a>,
                    status: (
                      <Badge variant={statusVariant(e.status)}>
                        {t(`statuses.${e.status as 'draft' | 'running' | 'completed'}`)}
                      </Badge>
                    ),
                    variations: (
                      <>
                        {e.variations.map((v, i) => (
                          <span key={v.id}>
                            {i > 0 && ', '}
                            {v.name} ({v.weight} %)
                            {v.id === e.winnerVersionId && (
                              <>
                                {' '}
                                <Badge variant="success">{t('winner')}</Badge>
                              </>
                            )}
                          </span>
                        ))}
                      </>
                    ),
                    started: e.startedAt ? format.dateTime(new Date(e.startedAt), { dateStyle: 'medium' }) : '—',
                  }))}
                />
              </Card>
            )}
          </div>
        )}
      </PageBody>
    </Page>
  )
}
