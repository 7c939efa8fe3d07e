'use client'
// Wizard step 4: when to send. Now; at a time (optionally in each recipient's time zone, with
// the choice to send at once to those whose time has passed); throttled; smart send time. Smart
// sending and the "do not send more than N hours late" window.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { FormError } from '@/components/ui/form-error'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import { campaignsApi } from '../campaigns-api'
import type { StepProps } from './wizard-screen'
import styles from '../campaigns.module.css'

/** The vendor's throttle percentages (lib/campaigns/send/model.ts THROTTLE_PERCENTAGES). */
const THROTTLE = [1, 2, 5, 10, 11, 13, 14, 17, 20, 25, 33, 50]
type Method = 'immediate' | 'static' | 'throttled' | 'smart_send_time'

/** An ISO time as the value of a datetime-local input (the browser's zone). */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

export function ScheduleStep({ campaign, editable, onSaved, nextHref }: StepProps) {
  const t = useTranslations('campaigns')
  const toast = useToast()
  const router = useRouter()
  const st = campaign.sendStrategy as {
    method?: Method
    datetime?: string
    date?: string
    throttle_percentage?: number
    options?: { is_local?: boolean; send_past_recipients_immediately?: boolean }
  }
  const [method, setMethod] = useState<Method>(st.method ?? 'immediate')
  const [datetime, setDatetime] = useState(toLocalInput(st.datetime))
  const [date, setDate] = useState(st.date ?? '')
  const [isLocal, setIsLocal] = useState(!!st.options?.is_local)
  const [pastNow, setPastNow] = useState(!!st.options?.send_past_recipients_immediately)
  const [throttle, setThrottle] = useState(String(st.throttle_percentage ?? 10))
  const [smartSending, setSmartSending] = useState(campaign.sendOptions.use_smart_sending !== false)
  const [late, setLate] = useState(campaign.lateWindowHours == null ? '' : String(campaign.lateWindowHours))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  function strategy(): Record<string, unknown> {
    const iso = datetime ? new Date(datetime).toISOString() : ''
    if (method === 'static')
      return {
        method,
        datetime: iso,
        options: isLocal ? { is_local: true, send_past_recipients_immediately: pastNow } : { is_local: false },
      }
    if (method === 'throttled') return { method, datetime: iso, throttle_percentage: Number(throttle) }
    if (method === 'smart_send_time') return { method, date }
    return { method }
  }

  async function save(goNext: boolean) {
    setBusy(true)
    setErrors({})
    try {
      await campaignsApi.update(campaign.id, { lateWindowHours: late ? Number(late) : null })
      await campaignsApi.saveSchedule(campaign.id, {
        sendStrategy: strategy(),
        sendOptions: { use_smart_sending: smartSending },
      })
      toast.show({ variant: 'success', content: t('saved') })
      onSaved()
      if (goNext && nextHref) router.push(nextHref)
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { form: f.message ?? t('error') })
    } finally {
      setBusy(false)
    }
  }
  const err = (k: string) => errors[k] ?? errors[`sendStrategy.${k}`]
  const methods: Array<[Method, string, string]> = [
    ['immediate', t('sendNow'), t('sendNowHint')],
    ['static', t('sendAt'), t('sendAtHint')],
    ['throttled', t('sendThrottled'), t('sendThrottledHint')],
    ['smart_send_time', t('sendSmart'), t('sendSmartHint')],
  ]

  return (
    <div className={styles.stack}>
      <Card title={t('scheduleTitle')}>
        <div className={styles.form}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('sendStrategy')}</legend>
            <div className={styles.stack}>
              {methods.map(([m, label, hint]) => (
                <label key={m} className={styles.choice}>
                  <input
                    type="radio"
                    name="method"
                    value={m}
                    checked={method === m}
                    disabled={!editable}
                    onChange={() => setMethod(m)}
                    data-testid={`method-${m}`}
                  />
                  <span>
                    <strong>{label}</strong> <span className={styles.muted}>{hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {(err('method') || errors.sendStrategy) && <FormError>{err('method') ?? errors.sendStrategy}</FormError>}
          </fieldset>
          {(method === 'static' || method === 'throttled') && (
            <div className={styles.row}>
              <TextField
                label={t('sendTime')}
                name="datetime"
                type="datetime-local"
                value={datetime}
                disabled={!editable}
                error={err('datetime')}
                onChange={(e) => setDatetime(e.target.value)}
                data-testid="send-datetime"
              />
              {method === 'throttled' && (
                <Select
                  label={t('throttlePercent')}
                  name="throttle"
                  value={throttle}
                  disabled={!editable}
                  error={err('throttle_percentage')}
                  onChange={(e) => setThrottle(e.target.value)}
                  options={THROTTLE.map((p) => ({ value: String(p), label: t('throttleOption', { percent: p }) }))}
                />
              )}
            </div>
          )}
          {method === 'static' && (
            <div className={styles.stack}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  checked={isLocal}
                  disabled={!editable}
                  onChange={(e) => setIsLocal(e.target.checked)}
                />
                {t('localTime')}
              </label>
              {isLocal && (
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={pastNow}
                    disabled={!editable}
                    onChange={(e) => setPastNow(e.target.checked)}
                  />
                  {t('pastRecipientsNow')}
                </label>
              )}
            </div>
          )}
          {method === 'smart_send_time' && (
            <TextField
              label={t('sendDate')}
              name="date"
              type="date"
              value={date}
              disabled={!editable}
              error={err('date')}
              onChange={(e) => setDate(e.target.value)}
            />
          )}
        </div>
      </Card>
      <Card title={t('sendOptionsTitle')}>
        <div className={styles.form}>
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={smartSending}
              disabled={!editable}
              onChange={(e) => setSmartSending(e.target.checked)}
            />
            <span>
              {t('smartSending')} <span className={styles.muted}>{t('smartSendingHint')}</span>
            </span>
          </label>
          <TextField
            label={t('lateWindow')}
            name="lateWindowHours"
            type="number"
            min={1}
            max={168}
            value={late}
            disabled={!editable}
            error={errors.lateWindowHours}
            hint={t('lateWindowHint')}
            onChange={(e) => setLate(e.target.value)}
          />
        </div>
      </Card>
      {errors.form && <FormError>{errors.form}</FormError>}
      {editable && (
        <div className={styles.footer}>
          <Button onClick={() => void save(false)} loading={busy}>
            {t('save')}
          </Button>
          <Button variant="primary" onClick={() => void save(true)} loading={busy} data-testid="wizard-next">
            {t('saveContinue')}
          </Button>
        </div>
      )}
    </div>
  )
}
