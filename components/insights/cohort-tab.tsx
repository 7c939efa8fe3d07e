'use client'
// Cohorts of first orders (or of any metric on /metric/…/cohort): months to show, the
// triangle, and saving the view as a cohort report.
import { useState } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { ChartIcon } from '@/components/ui/icons'
import { CohortTriangle } from './cohort-triangle'
import { postJson, useInsight, type CohortResult, type SavedCohort } from './insights-api'
import styles from './insights.module.css'

const MONTHS = [6, 12, 18, 24]

export function CohortTab({ currency, metricId }: { currency: string; metricId?: string }) {
  const t = useTranslations('insights')
  const [months, setMonths] = useState(12)
  const [name, setName] = useState('')
  const [saveError, setSaveError] = useState<string | null>(null)
  const { data, error, isLoading } = useInsight<CohortResult>('/ajax/insights/cohorts', { months, metricId })
  const saved = useInsight<{ reports: SavedCohort[] }>('/ajax/insights/cohort-reports')

  async function save() {
    setSaveError(null)
    try {
      await postJson('/ajax/insights/cohort-reports', { name, definition: { months, metricId } })
      setName('')
      await saved.mutate()
    } catch {
      setSaveError(t('saveError'))
    }
  }

  return (
    <div className={styles.stack}>
      <p className={styles.note}>{t('cohortIntro', { metric: data?.metric?.name ?? '' })}</p>
      <div className={styles.controls}>
        <Select
          label={t('cohortMonths')}
          name="cohort-months"
          value={String(months)}
          options={MONTHS.map((m) => ({ value: String(m), label: t('monthsOption', { count: m }) }))}
          onChange={(e) => setMonths(Number(e.target.value))}
        />
      </div>
      {error && <Notification variant="error">{t('loadError')}</Notification>}
      {isLoading && !data && (
        <div className={styles.centered}>
          <Spinner size="large" />
        </div>
      )}
      {data && data.cohorts.every((c) => c.customers === 0) && (
        <EmptyState image={<ChartIcon size={28} />} heading={t('cohortEmptyTitle')} body={t('cohortEmptyBody')} />
      )}
      {data && data.cohorts.some((c) => c.customers > 0) && (
        <Card flush>
          <CohortTriangle result={data} currency={currency} />
        </Card>
      )}
      <Card title={t('savedReportsTitle')}>
        <form
          className={styles.actions}
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <TextField
            label={t('reportName')}
            name="cohort-report-name"
            value={name}
            maxLength={255}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" disabled={!name.trim()}>
            {t('saveReport')}
          </Button>
        </form>
        {saveError && <Notification variant="error">{saveError}</Notification>}
        {saved.data && saved.data.reports.length === 0 && <p className={styles.muted}>{t('noSavedReports')}</p>}
        <ul>
          {saved.data?.reports.map((r) => (
            <li key={r.id}>
              <Link href={`/customer-insights/cohort/${r.id}`}>{r.name}</Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}
