'use client'
// "What someone has done": metric, how often (or how much value), over which time, and optional
// filters on the event's properties.
import { useId } from 'react'
import { useTranslations } from 'next-intl'
import { DEFINITION_LIMITS } from '@/lib/segments/definition-limits'
import {
  FILTER_OPERATORS,
  newKey,
  type Comparison,
  type ConditionState,
  type FilterState,
  type TimeframeType,
} from './definition-state'
import { InlineInput, InlineSelect } from './controls'
import { useMetricDimensions, type MetricOption } from './use-builder-options'
import { CloseIcon } from '@/components/ui/icons'
import styles from './builder.module.css'

type MetricState = Extract<ConditionState, { kind: 'metric' }>

export interface MetricFieldsProps {
  value: MetricState
  onChange: (next: MetricState) => void
  errors: Record<string, string>
  metrics: MetricOption[] | undefined
  disabled?: boolean
}

export function MetricFields({ value: c, onChange, errors, metrics, disabled }: MetricFieldsProps) {
  const t = useTranslations('segmentBuilder')
  const set = (patch: Partial<MetricState>) => onChange({ ...c, ...patch })
  const setFilter = (i: number, patch: Partial<FilterState>) =>
    set({ filters: c.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) })
  const listId = useId()
  // Suggestions only: any property name may be typed.
  const dimensions = useMetricDimensions(c.filters.length ? c.metricId : '').data
  const chooseProperty = (i: number, property: string) => {
    const known = dimensions?.find((d) => d.name === property)?.type
    const valueType = known === 'number' || known === 'boolean' ? known : c.filters[i]!.valueType
    setFilter(i, {
      property,
      valueType,
      value: valueType === 'boolean' && c.filters[i]!.valueType !== 'boolean' ? 'true' : c.filters[i]!.value,
    })
  }
  const metricOptions = (metrics ?? []).map((m) => ({ value: m.id, label: m.name }))
  // A metric referenced by a saved definition that no longer loads still shows by its id.
  if (c.metricId && metrics && !metrics.some((m) => m.id === c.metricId))
    metricOptions.unshift({ value: c.metricId, label: c.metricId })

  return (
    <>
      <div className={styles.line}>
        <InlineSelect
          label={t('metricLabel')}
          value={c.metricId}
          placeholder={metrics ? t('metricPlaceholder') : t('loadingOptions')}
          options={metricOptions}
          invalid={!!errors.metricId}
          disabled={disabled}
          onChange={(e) => set({ metricId: e.target.value })}
          data-testid="condition-metric"
        />
        <InlineSelect
          label={t('comparisonLabel')}
          value={c.comparison}
          disabled={disabled}
          options={[
            { value: 'at_least', label: t('atLeast') },
            { value: 'at_most', label: t('atMost') },
            { value: 'exactly', label: t('exactly') },
            { value: 'zero_times', label: t('zeroTimes') },
          ]}
          onChange={(e) => set({ comparison: e.target.value as Comparison })}
          data-testid="condition-comparison"
        />
        {c.comparison !== 'zero_times' && (
          <>
            <InlineInput
              label={t('countLabel')}
              className={styles.number}
              type="number"
              min={0}
              step={c.aggregate === 'count' ? 1 : 'any'}
              inputMode="decimal"
              value={c.count}
              invalid={!!errors.count}
              disabled={disabled}
              onChange={(e) => set({ count: e.target.value })}
              data-testid="condition-count"
            />
            <InlineSelect
              label={t('aggregateLabel')}
              value={c.aggregate}
              disabled={disabled}
              options={[
                { value: 'count', label: t('aggregateCount') },
                { value: 'sum_value', label: t('aggregateSum') },
              ]}
              onChange={(e) => set({ aggregate: e.target.value as MetricState['aggregate'] })}
            />
          </>
        )}
        <InlineSelect
          label={t('timeframeLabel')}
          value={c.timeframe}
          disabled={disabled}
          options={[
            { value: 'all_time', label: t('allTime') },
            { value: 'in_last_days', label: t('inLast') },
            { value: 'between', label: t('betweenDates') },
          ]}
          onChange={(e) => set({ timeframe: e.target.value as TimeframeType })}
          data-testid="condition-timeframe"
        />
        {c.timeframe === 'in_last_days' && (
          <>
            <InlineInput
              label={t('daysLabel')}
              className={styles.number}
              type="number"
              min={1}
              step={1}
              value={c.days}
              invalid={!!errors.days}
              disabled={disabled}
              onChange={(e) => set({ days: e.target.value })}
              data-testid="condition-days"
            />
            <span className={styles.word}>{t('days')}</span>
          </>
        )}
        {c.timeframe === 'between' && (
          <>
            <InlineInput
              label={t('startLabel')}
              className={styles.date}
              type="date"
              value={c.start}
              invalid={!!errors.start}
              disabled={disabled}
              onChange={(e) => set({ start: e.target.value })}
            />
            <span className={styles.word}>{t('and')}</span>
            <InlineInput
              label={t('endLabel')}
              className={styles.date}
              type="date"
              value={c.end}
              invalid={!!errors.end}
              disabled={disabled}
              onChange={(e) => set({ end: e.target.value })}
            />
          </>
        )}
      </div>
      {c.filters.length > 0 && (
        <div className={styles.filters}>
          <datalist id={listId}>
            {dimensions?.map((d) => (
              <option key={d.name} value={d.name} />
            ))}
          </datalist>
          {c.filters.map((f, i) => (
            <div key={f.key} className={styles.line}>
              <span className={styles.word}>{i === 0 ? t('where') : t('and')}</span>
              <InlineInput
                label={t('filterPropertyLabel')}
                className={styles.text}
                value={f.property}
                placeholder={t('filterPropertyPlaceholder')}
                invalid={!!errors[`filters.${i}.property`]}
                disabled={disabled}
                list={listId}
                onChange={(e) => chooseProperty(i, e.target.value)}
              />
              <InlineSelect
                label={t('filterOperatorLabel')}
                value={f.operator}
                disabled={disabled}
                options={FILTER_OPERATORS.map((op) => ({ value: op, label: t(`filterOp.${op}`) }))}
                onChange={(e) => setFilter(i, { operator: e.target.value as FilterState['operator'] })}
              />
              {f.operator !== 'greater_than' && f.operator !== 'less_than' && f.operator !== 'contains' && (
                <InlineSelect
                  label={t('filterTypeLabel')}
                  value={f.valueType}
                  disabled={disabled}
                  options={[
                    { value: 'text', label: t('type.text') },
                    { value: 'number', label: t('type.number') },
                    { value: 'boolean', label: t('type.boolean') },
                  ]}
                  onChange={(e) =>
                    setFilter(i, {
                      valueType: e.target.value as FilterState['valueType'],
                      value: e.target.value === 'boolean' ? 'true' : f.value,
                    })
                  }
                />
              )}
              {f.valueType === 'boolean' && (f.operator === 'equals' || f.operator === 'not_equals') ? (
                <InlineSelect
                  label={t('filterValueLabel')}
                  value={f.value}
                  disabled={disabled}
                  options={[
                    { value: 'true', label: t('true') },
                    { value: 'false', label: t('false') },
                  ]}
                  onChange={(e) => setFilter(i, { value: e.target.value })}
                />
              ) : (
                <InlineInput
                  label={t('filterValueLabel')}
                  className={styles.text}
                  value={f.value}
                  invalid={!!errors[`filters.${i}.value`]}
                  inputMode={f.valueType === 'number' ? 'decimal' : undefined}
                  disabled={disabled}
                  onChange={(e) => setFilter(i, { value: e.target.value })}
                />
              )}
              <button
                type="button"
                className={styles.remove}
                aria-label={t('removeFilter')}
                disabled={disabled}
                onClick={() => set({ filters: c.filters.filter((_, j) => j !== i) })}
              >
                <CloseIcon size={14} />
              </button>
            </div>
          ))}
        </div>
      )}
      {c.filters.length < DEFINITION_LIMITS.filtersPerCondition && (
        <button
          type="button"
          className={styles.addLink}
          disabled={disabled}
          onClick={() =>
            set({
              filters: [
                ...c.filters,
                { key: newKey('f'), property: '', operator: 'equals', valueType: 'text', value: '' },
              ],
            })
          }
        >
          {t('addFilter')}
        </button>
      )}
    </>
  )
}
