'use client'
// /settings/attribution: which metric counts as a conversion (Placed Order by default) and how
// long after an open or click a message earns it — email opens and clicks, SMS clicks, push
// opens — with whether email opens count at all. Bot opens and clicks never earn a conversion.
// Changes apply to conversions recorded from then on; past attributions stay as they were.
import { useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { SettingsLoader, useSettingsSave } from './settings-form-screen'
import styles from './attribution-settings.module.css'
import screen from '@/components/ui/form-screen.module.css'

interface Settings {
  conversionMetricId: string | null
  conversionMetricName: string
  emailOpenWindowHours: number
  emailClickWindowHours: number
  smsClickWindowHours: number
  pushOpenWindowHours: number
  countEmailOpens: boolean
}
interface Loaded {
  settings: Settings
  defaults: Settings
  metrics: Array<{ id: string; name: string }>
  maxWindowHours: number
}
type WindowKey = 'emailOpenWindowHours' | 'emailClickWindowHours' | 'smsClickWindowHours' | 'pushOpenWindowHours'
type Unit = 'hours' | 'days'
interface Win {
  value: string
  unit: Unit
}

export const ATTRIBUTION_KEY = '/ajax/account/attribution'
const WINDOWS: WindowKey[] = [
  'emailOpenWindowHours',
  'emailClickWindowHours',
  'smsClickWindowHours',
  'pushOpenWindowHours',
]

const toWin = (hours: number): Win =>
  hours % 24 === 0 ? { value: String(hours / 24), unit: 'days' } : { value: String(hours), unit: 'hours' }
const toHours = (w: Win): number => (w.unit === 'days' ? Number(w.value) * 24 : Number(w.value))

export function AttributionSettingsScreen() {
  const t = useTranslations('attributionSettings')
  return (
    <SettingsLoader<Loaded>
      url={ATTRIBUTION_KEY}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => <AttributionForm key={JSON.stringify(data.settings)} data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function AttributionForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('attributionSettings')
  const canEdit = usePermission('account_settings_write')
  const { busy, errors, setErrors, save: run } = useSettingsSave({ saved: t('saved'), failed: t('saveError') }, 'toast')
  const [metricId, setMetricId] = useState(data.settings.conversionMetricId ?? '')
  const [wins, setWins] = useState<Record<WindowKey, Win>>(
    () => Object.fromEntries(WINDOWS.map((k) => [k, toWin(data.settings[k])])) as Record<WindowKey, Win>,
  )
  const [countOpens, setCountOpens] = useState(data.settings.countEmailOpens)

  const setWin = (k: WindowKey, patch: Partial<Win>) => {
    setWins({ ...wins, [k]: { ...wins[k], ...patch } })
    if (errors[k]) setErrors({ ...errors, [k]: '' })
  }

  function check(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const k of WINDOWS) {
      const h = toHours(wins[k])
      if (!Number.isInteger(h) || h < 1 || h > data.maxWindowHours)
        out[k] = t('windowRange', { days: data.maxWindowHours / 24 })
    }
    return out
  }

  const save = (body: Record<string, unknown>) =>
    run(async () => {
      const res = await http.post<Loaded>(ATTRIBUTION_KEY, body)
      await mutate(res.data, { revalidate: false })
    })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const bad = check()
    if (Object.keys(bad).length) return setErrors(bad)
    void save({
      conversionMetricId: metricId || null,
      ...Object.fromEntries(WINDOWS.map((k) => [k, toHours(wins[k])])),
      countEmailOpens: countOpens,
    })
  }

  const d = data.defaults
  const placedOrder = data.metrics.find((m) => m.name === d.conversionMetricName)
  const windowRow = (k: WindowKey, disabled = false) => (
    <div className={styles.windowRow} key={k}>
      <label className={styles.windowLabel} htmlFor={`win-${k}`}>
        {t(`windows.${k}`)}
      </label>
      <div className={styles.windowInputs}>
        <input
          id={`win-${k}`}
          className={styles.number}
          type="number"
          min={1}
          inputMode="numeric"
          value={wins[k].value}
          disabled={disabled}
          aria-invalid={!!errors[k]}
          aria-describedby={errors[k] ? `win-${k}-error` : undefined}
          data-testid={`window-${k}`}
          onChange={(e) => setWin(k, { value: e.target.value })}
        />
        <select
          className={styles.unit}
          aria-label={t('unit')}
          value={wins[k].unit}
          disabled={disabled}
          onChange={(e) => {
            const unit = e.target.value as Unit
            const h = toHours(wins[k])
            setWin(k, {
              unit,
              value: Number.isFinite(h) ? String(unit === 'days' ? Math.max(1, Math.round(h / 24)) : h) : wins[k].value,
            })
          }}
        >
          <option value="hours">{t('hours')}</option>
          <option value="days">{t('days')}</option>
        </select>
        <span className={styles.default}>
          {t('defaultIs', {
            value: d[k] % 24 === 0 ? t('daysCount', { count: d[k] / 24 }) : t('hoursCount', { count: d[k] }),
          })}
        </span>
      </div>
      {errors[k] && (
        <p className={styles.error} id={`win-${k}-error`} role="alert">
          {errors[k]}
        </p>
      )}
    </div>
  )

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <form className={screen.stack} onSubmit={submit} noValidate>
          <fieldset disabled={!canEdit} className={`${screen.fieldset} ${screen.stack}`}>
            <Card title={t('conversionTitle')}>
              <p className={styles.help}>{t('conversionHelp')}</p>
              <Select
                label={t('conversionMetric')}
                name="conversionMetricId"
                value={metricId}
                error={errors.conversionMetricId}
                data-testid="conversion-metric"
                onChange={(e) => setMetricId(e.target.value)}
                options={[
                  {
                    value: '',
                    label: placedOrder
                      ? t('defaultMetric', { name: d.conversionMetricName })
                      : t('defaultMetricMissing', { name: d.conversionMetricName }),
                  },
                  ...data.metrics.filter((m) => m.id !== placedOrder?.id).map((m) => ({ value: m.id, label: m.name })),
                ]}
              />
            </Card>
            <Card title={t('emailTitle')}>
              <p className={styles.help}>{t('emailHelp')}</p>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={countOpens}
                  onChange={(e) => setCountOpens(e.target.checked)}
                  data-testid="count-email-opens"
                />
                {t('countEmailOpens')}
              </label>
              {windowRow('emailOpenWindowHours', !countOpens)}
              {windowRow('emailClickWindowHours')}
            </Card>
            <Card title={t('smsPushTitle')}>
              <p className={styles.help}>{t('smsPushHelp')}</p>
              {windowRow('smsClickWindowHours')}
              {windowRow('pushOpenWindowHours')}
            </Card>
            <Notification variant="info">{t('botsNote')}</Notification>
          </fieldset>
          {canEdit && (
            <div className={styles.footer}>
              <Button
                type="button"
                variant="tertiary"
                disabled={busy}
                data-testid="reset-attribution"
                onClick={() =>
                  void save({
                    conversionMetricId: null,
                    ...Object.fromEntries(WINDOWS.map((k) => [k, d[k]])),
                    countEmailOpens: d.countEmailOpens,
                  })
                }
              >
                {t('resetDefaults')}
              </Button>
              <Button variant="primary" type="submit" loading={busy} data-testid="save-attribution">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}
