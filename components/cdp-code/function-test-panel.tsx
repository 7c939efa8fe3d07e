'use client'
// The editor's test run: a sample event (the account's latest of the trigger metric, or typed
// in) and profile as JSON, run once in the sandbox; the result, the logs and the time it took.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import fieldStyles from '@/components/ui/field.module.css'
import { formErrors } from './use-field-errors'
import styles from './cdp-code.module.css'
import screen from '@/components/ui/form-screen.module.css'

interface TestResult {
  ok: boolean
  output: unknown
  logs: string[]
  error: string | null
  durationMs: number
}

export interface FunctionTestPanelProps {
  sourceCode: string
  triggerMetric: string
  functionId?: string
  secrets: { name: string; value: string }[]
  canRun: boolean
}

export function FunctionTestPanel({ sourceCode, triggerMetric, functionId, secrets, canRun }: FunctionTestPanelProps) {
  const t = useTranslations('cdpCode')
  const [eventJson, setEventJson] = useState('{\n  "metric": "Placed Order",\n  "properties": {},\n  "value": 0\n}')
  const [profileJson, setProfileJson] = useState('{\n  "email": "sample@example.com"\n}')
  const [result, setResult] = useState<TestResult | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<string | null>(null)

  async function loadSample() {
    if (!triggerMetric.trim()) return setErrors({ _form: t('chooseTriggerFirst') })
    setBusy(true)
    try {
      const r = await http.get<{ event: unknown; profile: unknown; fromAccount: boolean }>(
        `/ajax/cdp/code/sample-event?metric=${encodeURIComponent(triggerMetric.trim())}`,
      )
      setEventJson(JSON.stringify(r.data.event, null, 2))
      setProfileJson(JSON.stringify(r.data.profile, null, 2))
      setNote(r.data.fromAccount ? t('sampleFromAccount') : t('sampleMadeUp'))
      setErrors({})
    } catch (e) {
      setErrors(formErrors(e, t('sampleError')))
    } finally {
      setBusy(false)
    }
  }

  async function run() {
    setBusy(true)
    setResult(null)
    try {
      const r = await http.post<TestResult>('/ajax/cdp/code/test', {
        sourceCode,
        eventJson,
        profileJson,
        ...(functionId ? { functionId } : {}),
        secrets: secrets.filter((s) => s.name).map((s) => ({ name: s.name, ...(s.value ? { value: s.value } : {}) })),
      })
      setResult(r.data)
      setErrors({})
    } catch (e) {
      setErrors(formErrors(e, t('testError')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card
      title={t('testTitle')}
      actions={
        <div className={styles.actions}>
          <Button size="small" onClick={() => void loadSample()} disabled={busy} data-testid="load-sample">
            {t('loadSample')}
          </Button>
          <Button
            size="small"
            variant="primary"
            onClick={() => void run()}
            disabled={busy || !canRun}
            data-testid="run-test"
          >
            {busy ? t('running') : t('runTest')}
          </Button>
        </div>
      }
    >
      <div className={screen.form}>
        <p className={screen.help}>{t('testHelp')}</p>
        {note && <p className={screen.muted}>{note}</p>}
        <div className={styles.sideBySide}>
          <label className={screen.form}>
            <span className={styles.label}>{t('sampleEvent')}</span>
            <textarea
              className={`${fieldStyles.control} ${styles.jsonArea}`}
              value={eventJson}
              spellCheck={false}
              onChange={(e) => setEventJson(e.target.value)}
              aria-invalid={errors.eventJson ? true : undefined}
              data-testid="sample-event"
            />
            {errors.eventJson && <FormError>{errors.eventJson}</FormError>}
          </label>
          <label className={screen.form}>
            <span className={styles.label}>{t('sampleProfile')}</span>
            <textarea
              className={`${fieldStyles.control} ${styles.jsonArea}`}
              value={profileJson}
              spellCheck={false}
              onChange={(e) => setProfileJson(e.target.value)}
              aria-invalid={errors.profileJson ? true : undefined}
            />
            {errors.profileJson && <FormError>{errors.profileJson}</FormError>}
          </label>
        </div>
        {(errors.sourceCode || errors._form) && (
          <Notification variant="error">{errors.sourceCode ?? errors._form}</Notification>
        )}
        {result && (
          <div className={screen.form} data-testid="test-result">
            <Notification variant={result.ok ? 'success' : 'error'}>
              {result.ok
                ? t('testOk', { ms: result.durationMs })
                : t('testFailed', { error: result.error ?? '', ms: result.durationMs })}
            </Notification>
            <div className={styles.sideBySide}>
              <div className={screen.form}>
                <span className={styles.label}>{t('output')}</span>
                <pre className={styles.pre}>{JSON.stringify(result.output, null, 2)}</pre>
              </div>
              <div className={screen.form}>
                <span className={styles.label}>{t('logs')}</span>
                <pre className={styles.pre} data-testid="test-logs">
                  {result.logs.length ? result.logs.join('\n') : t('noLogs')}
                </pre>
              </div>
            </div>
          </div>
        )}
      </div>
    </Card>
  )
}
