'use client'
// The card editor: kind, title, the kind's settings, timeframe, comparison and width. Saves
// through the card endpoints; a 400 shows the server's field errors beside their fields.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { isHttpError } from '@/lib/client/http'
import {
  postJson,
  putJson,
  useAnalytics,
  useMetricOptions,
  type CardSpecInput,
  type SavedReport,
} from './analytics-api'
import { useTimeframeOptions } from './timeframe-select'
import styles from './analytics.module.css'

const KINDS = [
  'metric',
  'chart',
  'table',
  'campaign_figures',
  'flow_figures',
  'attributed_revenue',
  'list_growth',
  'saved_report',
] as const
type Config = Record<string, string | undefined>

export function CardEditor({
  dashboardId,
  cardId,
  initial,
  onClose,
  onSaved,
}: {
  dashboardId: string
  cardId?: string
  initial?: CardSpecInput
  onClose: () => void
  onSaved: () => void
}) {
  const t = useTranslations('analytics')
  const timeframes = useTimeframeOptions(false)
  const metrics = useMetricOptions()
  const reports = useAnalytics<{ reports: SavedReport[] }>('/ajax/analytics/reports')
  const [kind, setKind] = useState<string>(initial?.kind ?? 'metric')
  const [title, setTitle] = useState(initial?.title ?? '')
  const [config, setConfig] = useState<Config>((initial?.config as Config) ?? {})
  const [timeframe, setTimeframe] = useState<string>(initial?.timeframe ?? 'last_30_days')
  const [compare, setCompare] = useState(initial?.compare ?? true)
  const [width, setWidth] = useState(String(initial?.width ?? 1))
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [saving, setSaving] = useState(false)
  const set = (k: string, v: string) => setConfig((c) => ({ ...c, [k]: v || undefined }))
  const err = (k: string) => errors[k]?.[0]

  function configFor(): Record<string, string> {
    const pick = (...keys: string[]) =>
      Object.fromEntries(keys.filter((k) => config[k]).map((k) => [k, config[k]!])) as Record<string, string>
    if (kind === 'metric') return pick('metricId', 'metricName', 'measurement')
    if (kind === 'chart') return pick('metricId', 'metricName', 'measurement', 'granularity')
    if (kind === 'table') return pick('metricId', 'metricName', 'measurement', 'property')
    if (kind === 'campaign_figures' || kind === 'flow_figures') return pick('channel')
    if (kind === 'saved_report') return pick('reportId')
    return {}
  }

  async function save() {
    setSaving(true)
    setErrors({})
    const body = { kind, title, config: configFor(), timeframe, compare, width: Number(width) }
    try {
      if (cardId) await putJson(`/ajax/analytics/dashboards/${dashboardId}/cards/${cardId}`, body)
      else await postJson(`/ajax/analytics/dashboards/${dashboardId}/cards`, body)
      onSaved()
    } catch (e) {
      const data = isHttpError(e) ? (e.data as { fieldErrors?: Record<string, string[]> }) : null
      setErrors(data?.fieldErrors ?? { _: [t('saveError')] })
    } finally {
      setSaving(false)
    }
  }

  const usesMetric = kind === 'metric' || kind === 'chart' || kind === 'table'
  return (
    <Modal
      open
      title={cardId ? t('editCard') : t('addCard')}
      onClose={onClose}
      footer={
        <>
          <Button variant="tertiary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="primary" onClick={save} loading={saving} data-testid="save-card">
            {t('save')}
          </Button>
        </>
      }
    >
      <div className={styles.fieldset}>
        {errors._ && <Notification variant="error">{errors._[0]}</Notification>}
        <Select
          label={t('cardKind')}
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
        <TextField
          label={t('cardTitle')}
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={err('title')}
        />
        {usesMetric && (
          <>
            <Select
              label={t('metric')}
              name="metricId"
              value={config.metricId ?? ''}
              onChange={(e) => set('metricId', e.target.value)}
              error={err('config.metricId')}
              options={[
                { value: '', label: config.metricName ?? t('chooseMetric') },
                ...(metrics.data?.metrics ?? []).map((m) => ({ value: m.id, label: m.name })),
              ]}
            />
            <Select
              label={t('measurement')}
              name="measurement"
              value={config.measurement ?? 'count'}
              onChange={(e) => set('measurement', e.target.value)}
              options={(['count', 'unique', 'sum_value'] as const).map((m) => ({ value: m, label: t(`measure.${m}`) }))}
            />
          </>
        )}
        {kind === 'chart' && (
          <Select
            label={t('granularity')}
            name="granularity"
            value={config.granularity ?? 'daily'}
            onChange={(e) => set('granularity', e.target.value)}
            options={(['daily', 'weekly', 'monthly'] as const).map((g) => ({ value: g, label: t(`time.${g}`) }))}
          />
        )}
        {kind === 'table' && (
          <TextField
            label={t('property')}
            name="property"
            value={config.property ?? ''}
            onChange={(e) => set('property', e.target.value)}
            error={err('config.property')}
          />
        )}
        {(kind === 'campaign_figures' || kind === 'flow_figures') && (
          <Select
            label={t('channel')}
            name="channel"
            value={config.channel ?? 'email'}
            onChange={(e) => set('channel', e.target.value)}
            options={(['email', 'sms'] as const).map((c) => ({ value: c, label: t(`channelName.${c}`) }))}
          />
        )}
        {kind === 'saved_report' && (
          <Select
            label={t('savedReport')}
            name="reportId"
            value={config.reportId ?? ''}
            onChange={(e) => set('reportId', e.target.value)}
            error={err('config.reportId')}
            options={[
              { value: '', label: t('chooseReport') },
              ...(reports.data?.reports ?? []).map((r) => ({ value: r.id, label: r.name })),
            ]}
          />
        )}
        <Select
          label={t('timeframe')}
          name="timeframe"
          value={timeframe}
          onChange={(e) => setTimeframe(e.target.value)}
          options={timeframes}
        />
        <Select
          label={t('width')}
          name="width"
          value={width}
          onChange={(e) => setWidth(e.target.value)}
          options={['1', '2', '3', '4'].map((w) => ({ value: w, label: t('widthColumns', { n: Number(w) }) }))}
        />
        <label className={styles.checks}>
          <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} name="compare" />{' '}
          {t('comparePrevious')}
        </label>
      </div>
    </Modal>
  )
}
