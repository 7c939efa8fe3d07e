'use client'
// The builder's definition fields. Field errors come keyed as the server names them
// (definition.source.metricId, definition.filters.0.op …) and show beside their fields.
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { FILTER_OPS } from '@/lib/metrics/filter-ops'
import { useAnalytics, useMetricOptions, type ReportDefinitionInput } from './analytics-api'
import { useTimeframeOptions } from './timeframe-select'
import styles from './analytics.module.css'

type Def = ReportDefinitionInput
type Group = NonNullable<Def['groupBy']>[number]
type Filter = NonNullable<Def['filters']>[number]
const MEASURES = ['count', 'unique', 'sum_value'] as const
const GROUP_TYPES = ['event_property', 'profile_property', 'campaign', 'flow', 'time'] as const
const LIST_OPS = new Set(['in', 'not_in', 'contains_any', 'contains_all'])
const NUMBER_OPS = new Set(['gt', 'gte', 'lt', 'lte'])

/** A filter's typed value from the text field: lists comma-separated, comparisons numeric. */
function filterValue(op: string, text: string): unknown {
  if (LIST_OPS.has(op))
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  if (NUMBER_OPS.has(op) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text)
  return text
}
const valueText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === undefined || v === null ? '' : String(v))

export function DefinitionForm({
  value: d,
  onChange,
  errors,
}: {
  value: Def
  onChange: (d: Def) => void
  errors: Record<string, string[]>
}) {
  const t = useTranslations('analytics')
  const timeframes = useTimeframeOptions(true)
  const metrics = useMetricOptions()
  const custom = useAnalytics<{ customMetrics: Array<{ id: string; name: string }> }>('/ajax/analytics/custom-metrics')
  const err = (k: string) => errors[`definition.${k}`]?.[0]
  const set = (patch: Partial<Def>) => onChange({ ...d, ...patch })
  const groups = d.groupBy ?? []
  const filters = d.filters ?? []
  const src = d.source

  return (
    <div className={styles.fieldset}>
      <Select
        label={t('source')}
        name="source-type"
        value={src.type}
        onChange={(e) => {
          const type = e.target.value
          set({
            source:
              type === 'metric'
                ? { type, metricId: '' }
                : type === 'custom_metric'
                  ? { type, customMetricId: '' }
                  : { type: 'messages', channel: 'email', messageType: 'campaign', event: 'sent' },
          })
        }}
        options={(['metric', 'custom_metric', 'messages'] as const).map((s) => ({
          value: s,
          label: t(`sourceType.${s}`),
        }))}
      />
      {src.type === 'metric' && (
        <Select
          label={t('metric')}
          name="metric"
          value={src.metricId}
          error={err('source.metricId')}
          onChange={(e) => set({ source: { type: 'metric', metricId: e.target.value } })}
          options={[
            { value: '', label: t('chooseMetric') },
            ...(metrics.data?.metrics ?? []).map((m) => ({ value: m.id, label: m.name })),
          ]}
        />
      )}
      {src.type === 'custom_metric' && (
        <Select
          label={t('customMetric')}
          name="custom-metric"
          value={src.customMetricId}
          error={err('source.customMetricId')}
          onChange={(e) => set({ source: { type: 'custom_metric', customMetricId: e.target.value } })}
          options={[
            { value: '', label: t('chooseMetric') },
            ...(custom.data?.customMetrics ?? []).map((m) => ({ value: m.id, label: m.name })),
          ]}
        />
      )}
      {src.type === 'messages' && (
        <div className={styles.row}>
          <Select
            label={t('channel')}
            name="channel"
            value={src.channel}
            onChange={(e) => set({ source: { ...src, channel: e.target.value as 'email' | 'sms', event: 'sent' } })}
            options={(['email', 'sms'] as const).map((c) => ({ value: c, label: t(`channelName.${c}`) }))}
          />
          <Select
            label={t('messageType')}
            name="message-type"
            value={src.messageType}
            onChange={(e) => set({ source: { ...src, messageType: e.target.value as 'campaign' | 'flow' } })}
            options={(['campaign', 'flow'] as const).map((c) => ({ value: c, label: t(`messageTypeName.${c}`) }))}
          />
          <Select
            label={t('messageEvent')}
            name="message-event"
            value={src.event ?? 'sent'}
            error={err('source.event')}
            onChange={(e) => set({ source: { ...src, event: e.target.value } })}
            options={(src.channel === 'sms'
              ? ['sent', 'received', 'clicked', 'failed', 'unsubscribed']
              : ['sent', 'opened', 'clicked', 'bounced', 'spam', 'unsubscribed']
            ).map((ev) => ({ value: ev, label: t(`messageEventName.${ev}`) }))}
          />
        </div>
      )}

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('measurements')}</legend>
        <div className={styles.checks}>
          {MEASURES.map((m) => (
            <label key={m}>
              <input
                type="checkbox"
                name={`measure-${m}`}
                checked={d.measurements.includes(m)}
                onChange={(e) =>
                  set({
                    measurements: e.target.checked ? [...d.measurements, m] : d.measurements.filter((x) => x !== m),
                  })
                }
              />{' '}
              {t(`measure.${m}`)}
            </label>
          ))}
        </div>
        {err('measurements') && <p className={styles.down}>{err('measurements')}</p>}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('groupBy')}</legend>
        {groups.map((g, i) => {
          const update = (ng: Group) => set({ groupBy: groups.map((x, k) => (k === i ? ng : x)) })
          return (
            <div key={i} className={styles.row}>
              <Select
                label={t('dimension')}
                name={`group-${i}-type`}
                value={g.type}
                error={err(`groupBy.${i}.type`)}
                onChange={(e) => {
                  const type = e.target.value as Group['type']
                  update(
                    type === 'time'
                      ? { type, granularity: 'daily' }
                      : type === 'event_property' || type === 'profile_property'
                        ? { type, name: '' }
                        : { type },
                  )
                }}
                options={GROUP_TYPES.map((k) => ({ value: k, label: t(`groupType.${k}`) }))}
              />
              {(g.type === 'event_property' || g.type === 'profile_property') && (
                <TextField
                  label={t('property')}
                  name={`group-${i}-name`}
                  value={g.name}
                  error={err(`groupBy.${i}.name`)}
                  onChange={(e) => update({ ...g, name: e.target.value })}
                />
              )}
              {g.type === 'time' && (
                <Select
                  label={t('granularity')}
                  name={`group-${i}-granularity`}
                  value={g.granularity}
                  onChange={(e) =>
                    update({ type: 'time', granularity: e.target.value as 'daily' | 'weekly' | 'monthly' })
                  }
                  options={(['daily', 'weekly', 'monthly'] as const).map((x) => ({ value: x, label: t(`time.${x}`) }))}
                />
              )}
              <Button variant="tertiary" onClick={() => set({ groupBy: groups.filter((_, k) => k !== i) })}>
                {t('remove')}
              </Button>
            </div>
          )
        })}
        {err('groupBy') && <p className={styles.down}>{err('groupBy')}</p>}
        {groups.length < 3 && (
          <Button
            variant="tertiary"
            onClick={() => set({ groupBy: [...groups, { type: 'event_property', name: '' }] })}
          >
            {t('addGroup')}
          </Button>
        )}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('filters')}</legend>
        {filters.map((f, i) => {
          const update = (nf: Filter) => set({ filters: filters.map((x, k) => (k === i ? nf : x)) })
          return (
            <div key={i} className={styles.row}>
              <TextField
                label={t('property')}
                name={`filter-${i}-field`}
                value={f.field}
                error={err(`filters.${i}.field`)}
                onChange={(e) => update({ ...f, field: e.target.value })}
              />
              <Select
                label={t('operator')}
                name={`filter-${i}-op`}
                value={f.op}
                error={err(`filters.${i}.op`)}
                onChange={(e) =>
                  update({ ...f, op: e.target.value, value: filterValue(e.target.value, valueText(f.value)) })
                }
                options={FILTER_OPS.map((o) => ({ value: o, label: t(`op.${o}`) }))}
              />
              {f.op !== 'is_set' && f.op !== 'is_not_set' && (
                <TextField
                  label={t('value')}
                  name={`filter-${i}-value`}
                  value={valueText(f.value)}
                  onChange={(e) => update({ ...f, value: filterValue(f.op, e.target.value) })}
                />
              )}
              <Button variant="tertiary" onClick={() => set({ filters: filters.filter((_, k) => k !== i) })}>
                {t('remove')}
              </Button>
            </div>
          )
        })}
        {err('filters') && <p className={styles.down}>{err('filters')}</p>}
        {filters.length < 10 && (
          <Button
            variant="tertiary"
            onClick={() => set({ filters: [...filters, { field: '', op: 'equal', value: '' }] })}
          >
            {t('addFilter')}
          </Button>
        )}
      </fieldset>

      <div className={styles.row}>
        <Select
          label={t('timeframe')}
          name="timeframe"
          value={d.timeframe?.range ?? 'last_30_days'}
          error={err('timeframe.range')}
          onChange={(e) => set({ timeframe: { ...d.timeframe, range: e.target.value as never } })}
          options={timeframes}
        />
        {d.timeframe?.range === 'custom' && (
          <>
            <TextField
              label={t('start')}
              type="date"
              name="start"
              value={d.timeframe.start ?? ''}
              error={err('timeframe.start')}
              onChange={(e) => set({ timeframe: { ...d.timeframe!, start: e.target.value } })}
            />
            <TextField
              label={t('end')}
              type="date"
              name="end"
              value={d.timeframe.end ?? ''}
              error={err('timeframe.end')}
              onChange={(e) => set({ timeframe: { ...d.timeframe!, end: e.target.value } })}
            />
          </>
        )}
        <TextField
          label={t('limit')}
          type="number"
          name="limit"
          min={1}
          max={1000}
          value={String(d.limit ?? 100)}
          error={err('limit')}
          onChange={(e) => set({ limit: Number(e.target.value) })}
        />
      </div>
      <label className={styles.checks}>
        <input
          type="checkbox"
          name="compare"
          checked={!!d.compare}
          onChange={(e) => set({ compare: e.target.checked })}
        />{' '}
        {t('comparePrevious')}
      </label>
    </div>
  )
}
