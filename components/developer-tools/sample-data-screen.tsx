'use client'
// /developer-tools/sample-data-generator: realistic events of one metric for N new profiles
// over the last D days, through the real ingest and marked `$sample: true`. A confirm step
// names exactly what will be written; only managers and above may write.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { DEV_TOOLS, fetchJson, type MetricOverviewDto } from './api'
import { DeveloperToolsTabs } from './developer-tools-tabs'
import styles from './developer-tools.module.css'

const SUGGESTED = ['Placed Order', 'Viewed Product', 'Added to Cart', 'Started Checkout', 'Active on Site']
interface Limits {
  profiles: number
  eventsPerProfile: number
  days: number
  totalEvents: number
}
interface Result {
  metricName: string
  profiles: number
  events: number
}

export function SampleDataScreen() {
  const t = useTranslations('developerTools')
  const canWrite = usePermission(['applications_write'])
  const { data: metrics } = useSWR(`${DEV_TOOLS}/metrics`, fetchJson<{ metrics: MetricOverviewDto[] }>)
  const { data: limitsData } = useSWR(`${DEV_TOOLS}/sample-data`, fetchJson<{ limits: Limits }>)
  const limits = limitsData?.limits
  const [form, setForm] = useState({ metricName: 'Placed Order', profiles: '10', eventsPerProfile: '5', days: '30' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result | null>(null)
  const names = [...new Set([...SUGGESTED, ...(metrics?.metrics ?? []).map((m) => m.name)])]
  const n = (v: string) => Number.parseInt(v, 10)
  const total = n(form.profiles) * n(form.eventsPerProfile)

  function review(e: FormEvent) {
    e.preventDefault()
    const local: Record<string, string> = {}
    if (!form.metricName.trim()) local.metricName = t('metricRequired')
    for (const k of ['profiles', 'eventsPerProfile', 'days'] as const) {
      const max = limits?.[k]
      if (!(n(form[k]) >= 1) || (max && n(form[k]) > max)) local[k] = t('between', { min: 1, max: max ?? '…' })
    }
    if (!local.profiles && !local.eventsPerProfile && limits && total > limits.totalEvents)
      local.eventsPerProfile = t('tooManyEvents', { max: limits.totalEvents })
    setErrors(local)
    if (!Object.keys(local).length) setConfirming(true)
  }

  async function generate() {
    setBusy(true)
    try {
      const res = await http.post<Result>(`${DEV_TOOLS}/sample-data`, {
        metricName: form.metricName.trim(),
        profiles: n(form.profiles),
        eventsPerProfile: n(form.eventsPerProfile),
        days: n(form.days),
        confirmed: true,
      })
      setResult(res.data)
      setErrors({})
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('generateError') })
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))
  return (
    <Page>
      <PageHead title={t('sampleTitle')} description={t('sampleDescription')} />
      <PageBody>
        <DeveloperToolsTabs current="/developer-tools/sample-data-generator" />
        <div className={styles.stack}>
          {!canWrite && <Notification variant="info">{t('sampleReadOnly')}</Notification>}
          {result && (
            <Notification variant="success">
              {t('sampleDone', { events: result.events, profiles: result.profiles, metric: result.metricName })}
            </Notification>
          )}
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          <Card>
            <form className={styles.form} onSubmit={review} noValidate>
              <TextField
                label={t('fieldMetric')}
                name="metricName"
                list="sample-metrics"
                value={form.metricName}
                onChange={set('metricName')}
                error={errors.metricName}
                hint={t('fieldMetricHint')}
                disabled={!canWrite}
              />
              <datalist id="sample-metrics">
                {names.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <TextField
                label={t('fieldProfiles')}
                name="profiles"
                type="number"
                min={1}
                max={limits?.profiles}
                value={form.profiles}
                onChange={set('profiles')}
                error={errors.profiles}
                disabled={!canWrite}
              />
              <TextField
                label={t('fieldEventsPerProfile')}
                name="eventsPerProfile"
                type="number"
                min={1}
                max={limits?.eventsPerProfile}
                value={form.eventsPerProfile}
                onChange={set('eventsPerProfile')}
                error={errors.eventsPerProfile}
                disabled={!canWrite}
              />
              <TextField
                label={t('fieldDays')}
                name="days"
                type="number"
                min={1}
                max={limits?.days}
                value={form.days}
                onChange={set('days')}
                error={errors.days}
                disabled={!canWrite}
              />
              {limits && (
                <p className={styles.muted}>
                  {t('limitsHint', {
                    profiles: limits.profiles,
                    events: limits.eventsPerProfile,
                    days: limits.days,
                    total: limits.totalEvents,
                  })}
                </p>
              )}
              <div className={styles.row}>
                <Button type="submit" variant="primary" disabled={!canWrite} data-testid="sample-review">
                  {t('generate')}
                </Button>
              </div>
            </form>
          </Card>
        </div>
        <Modal
          open={confirming}
          title={t('confirmTitle')}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button onClick={() => setConfirming(false)} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button variant="primary" onClick={() => void generate()} loading={busy} data-testid="sample-confirm">
                {t('confirmGenerate')}
              </Button>
            </>
          }
        >
          <p>
            {t('confirmBody', {
              events: total,
              profiles: n(form.profiles),
              metric: form.metricName.trim(),
              days: n(form.days),
            })}
          </p>
        </Modal>
      </PageBody>
    </Page>
  )
}
