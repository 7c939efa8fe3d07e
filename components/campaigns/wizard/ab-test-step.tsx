'use client'
// Wizard step 3 (optional): an A/B test. The tested variable, the variations with their weights
// and the value each tries, the share of the audience that gets the test, the winning metric and
// the window after which the winner goes to the rest.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { FormError } from '@/components/ui/form-error'
import { Notification } from '@/components/ui/notification'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import { campaignsApi } from '../campaigns-api'
import type { StepProps } from './wizard-screen'
import styles from '../campaigns.module.css'

const VARIABLES = ['subject', 'preview_text', 'from', 'content', 'send_time'] as const
const METRICS = ['open_rate', 'click_rate', 'revenue'] as const
/** The content key a variation overrides for each tested variable. */
const CONTENT_KEY: Record<string, string | null> = {
  subject: 'subject',
  preview_text: 'preview_text',
  from: 'from_label',
  content: null,
  send_time: null,
}

interface Row {
  id?: string
  name: string
  weight: number
  value: string
}

export function AbTestStep({ campaign, editable, onSaved, nextHref }: StepProps) {
  const t = useTranslations('campaigns')
  const toast = useToast()
  const router = useRouter()
  const message = campaign.messages[0]
  const { data } = useSWR(`/ajax/campaign/${campaign.id}/variations`, () => campaignsApi.variations(campaign.id))
  const initial = data ?? { abTest: campaign.abTest, variations: campaign.variations }
  const [state, setState] = useState<{
    enabled: boolean
    variable: string
    testPercent: number
    metric: string
    windowHours: number
    rows: Row[]
  } | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const key = (v: string) => CONTENT_KEY[v] ?? null
  const s = state ?? {
    enabled: !!initial.abTest,
    variable: initial.abTest?.variable ?? 'subject',
    testPercent: initial.abTest?.testPercent ?? 20,
    metric: initial.abTest?.metric ?? 'open_rate',
    windowHours: initial.abTest?.windowHours ?? 4,
    rows: initial.variations.length
      ? initial.variations.map((v) => ({
          id: v.id,
          name: v.name,
          weight: v.weight,
          value: String(v.content[key(initial.abTest?.variable ?? 'subject') ?? ''] ?? ''),
        }))
      : [
          { name: 'A', weight: 50, value: String(message?.content.subject ?? '') },
          { name: 'B', weight: 50, value: '' },
        ],
  }
  const update = (patch: Partial<typeof s>) => setState({ ...s, ...patch })
  const setRow = (i: number, patch: Partial<Row>) =>
    update({ rows: s.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) })
  const labels = {
    variable: {
      subject: t('abSubject'),
      preview_text: t('abPreviewText'),
      from: t('abFrom'),
      content: t('abContent'),
      send_time: t('abSendTime'),
    } as Record<string, string>,
    metric: { open_rate: t('abOpenRate'), click_rate: t('abClickRate'), revenue: t('abRevenue') } as Record<
      string,
      string
    >,
  }

  async function save(goNext: boolean) {
    if (!message) return
    setBusy(true)
    setErrors({})
    try {
      const k = key(s.variable)
      await campaignsApi.saveVariations(
        campaign.id,
        s.enabled
          ? {
              abTest: {
                variable: s.variable,
                testPercent: s.testPercent,
                metric: s.metric as 'open_rate',
                windowHours: s.windowHours,
              },
              variations: s.rows.map((r) => ({
                ...(r.id ? { id: r.id } : {}),
                messageId: message.id,
                name: r.name,
                weight: r.weight,
                content: k && r.value ? { [k]: r.value } : {},
              })),
            }
          : { abTest: null, variations: [] },
      )
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
  const err = (k: string) => errors[k] ?? errors[`abTest.${k}`]

  return (
    <div className={styles.stack}>
      <Card title={t('abTitle')}>
        <div className={styles.form}>
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={s.enabled}
              disabled={!editable}
              onChange={(e) => update({ enabled: e.target.checked })}
              data-testid="ab-enabled"
            />
            {t('abEnable')}
          </label>
          {s.enabled && (
            <>
              <div className={styles.row}>
                <Select
                  label={t('abVariable')}
                  name="variable"
                  value={s.variable}
                  disabled={!editable}
                  error={err('variable')}
                  onChange={(e) => update({ variable: e.target.value })}
                  options={VARIABLES.map((v) => ({ value: v, label: labels.variable[v]! }))}
                />
                <TextField
                  label={t('abTestPercent')}
                  name="testPercent"
                  type="number"
                  min={1}
                  max={100}
                  value={s.testPercent}
                  disabled={!editable}
                  error={err('testPercent')}
                  onChange={(e) => update({ testPercent: Number(e.target.value) })}
                  hint={t('abTestPercentHint')}
                />
                <Select
                  label={t('abMetric')}
                  name="metric"
                  value={s.metric}
                  disabled={!editable}
                  error={err('metric')}
                  onChange={(e) => update({ metric: e.target.value })}
                  options={METRICS.map((m) => ({ value: m, label: labels.metric[m]! }))}
                />
                <TextField
                  label={t('abWindow')}
                  name="windowHours"
                  type="number"
                  min={1}
                  max={720}
                  value={s.windowHours}
                  disabled={!editable}
                  error={err('windowHours')}
                  onChange={(e) => update({ windowHours: Number(e.target.value) })}
                />
              </div>
              {s.rows.map((r, i) => (
                <div key={i} className={styles.variation}>
                  <TextField
                    label={t('abVariationName')}
                    name={`name-${i}`}
                    value={r.name}
                    disabled={!editable}
                    error={errors[`variations.${i}.name`]}
                    onChange={(e) => setRow(i, { name: e.target.value })}
                  />
                  <TextField
                    label={t('abWeight')}
                    name={`weight-${i}`}
                    type="number"
                    min={1}
                    max={100}
                    value={r.weight}
                    disabled={!editable}
                    error={errors[`variations.${i}.weight`]}
                    onChange={(e) => setRow(i, { weight: Number(e.target.value) })}
                  />
                  {key(s.variable) ? (
                    <TextField
                      label={labels.variable[s.variable]!}
                      name={`value-${i}`}
                      value={r.value}
                      disabled={!editable}
                      onChange={(e) => setRow(i, { value: e.target.value })}
                    />
                  ) : (
                    <span className={styles.muted}>{t('abValueElsewhere')}</span>
                  )}
                  {editable && s.rows.length > 2 && (
                    <Button
                      size="small"
                      variant="tertiary"
                      onClick={() => update({ rows: s.rows.filter((_, j) => j !== i) })}
                    >
                      {t('remove')}
                    </Button>
                  )}
                </div>
              ))}
              {editable && s.rows.length < 8 && (
                <div>
                  <Button
                    size="small"
                    onClick={() =>
                      update({
                        rows: [...s.rows, { name: String.fromCharCode(65 + s.rows.length), weight: 50, value: '' }],
                      })
                    }
                  >
                    {t('abAddVariation')}
                  </Button>
                </div>
              )}
              {errors.variations && <FormError>{errors.variations}</FormError>}
            </>
          )}
          {errors.form && <FormError>{errors.form}</FormError>}
        </div>
      </Card>
      {initial.abTest?.winnerVariationId && (
        <Notification
          variant="success"
          title={t('abWinner', {
            name: initial.variations.find((v) => v.id === initial.abTest?.winnerVariationId)?.name ?? '',
          })}
        >
          {initial.abTest.testName && (
            <p>
              {t('abDecision', {
                test: initial.abTest.testName,
                confidence: Math.round((initial.abTest.confidenceReached ?? 0) * 100),
              })}
            </p>
          )}
        </Notification>
      )}
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
