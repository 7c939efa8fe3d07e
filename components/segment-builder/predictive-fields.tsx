'use client'
// A predictive analytics condition (issue 23 §3; the vendor's profile-predictive-analytics):
// a dimension the account's predictive model scores, an operator and a number or a date.
import { useTranslations } from 'next-intl'
import { PREDICTIVE_DIMENSIONS, type PredictiveDimension, type PredictiveOperator } from '@/lib/segments/definition'
import { isPredictiveDate, predictiveOperators, type ConditionState } from './definition-state'
import { InlineInput, InlineSelect } from './controls'
import styles from './builder.module.css'

type Predictive = Extract<ConditionState, { kind: 'predictive' }>

export function PredictiveFields({
  value: c,
  onChange,
  errors,
  disabled,
}: {
  value: Predictive
  onChange: (next: Predictive) => void
  errors: Record<string, string>
  disabled?: boolean
}) {
  const t = useTranslations('segmentBuilder')
  const date = isPredictiveDate(c.dimension)
  const days = c.operator === 'in_next_days'
  const changeDimension = (dimension: PredictiveDimension) => {
    const ops = predictiveOperators(dimension)
    const operator = ops.includes(c.operator) ? c.operator : ops[0]!
    const keep = isPredictiveDate(dimension) === date
    onChange({ ...c, dimension, operator, value: keep ? c.value : '', value2: keep ? c.value2 : '' })
  }
  return (
    <div className={styles.line}>
      <InlineSelect
        label={t('predictiveDimensionLabel')}
        value={c.dimension}
        disabled={disabled}
        options={PREDICTIVE_DIMENSIONS.map((d) => ({ value: d, label: t(`predictive.${d}`) }))}
        onChange={(e) => changeDimension(e.target.value as PredictiveDimension)}
        data-testid="condition-predictive-dimension"
      />
      <InlineSelect
        label={t('operatorLabel')}
        value={c.operator}
        disabled={disabled}
        options={predictiveOperators(c.dimension).map((o) => ({ value: o, label: t(`predictiveOp.${o}`) }))}
        onChange={(e) => onChange({ ...c, operator: e.target.value as PredictiveOperator })}
        data-testid="condition-predictive-operator"
      />
      <InlineInput
        label={t('valueLabel')}
        className={date && !days ? styles.date : styles.number}
        type={date && !days ? 'date' : 'number'}
        step="any"
        value={c.value}
        invalid={!!errors.value}
        disabled={disabled}
        onChange={(e) => onChange({ ...c, value: e.target.value })}
        data-testid="condition-predictive-value"
      />
      {days && <span>{t('days')}</span>}
      {c.operator === 'between' && (
        <>
          <span>{t('and')}</span>
          <InlineInput
            label={t('valueLabel')}
            className={styles.date}
            type="date"
            value={c.value2}
            invalid={!!errors.value2}
            disabled={disabled}
            onChange={(e) => onChange({ ...c, value2: e.target.value })}
          />
        </>
      )}
    </div>
  )
}
