'use client'
// "Properties about someone": a built-in or custom profile field, an operator that fits the
// field's value type, and the value(s).
import { useTranslations } from 'next-intl'
import {
  BUILTIN_FIELDS,
  OPERATORS_BY_TYPE,
  VALUE_TYPES,
  type PropertyOperator,
  type ValueType,
} from '@/lib/segments/definition'
import { fixedValueType, isCustomField, needsValue, operatorFor, type ConditionState } from './definition-state'
import { InlineInput, InlineSelect } from './controls'
import type { PropertyOption } from './use-builder-options'
import styles from './builder.module.css'

type PropertyState = Extract<ConditionState, { kind: 'profile_property' }>
const OTHER = '__other__'

export interface PropertyFieldsProps {
  value: PropertyState
  onChange: (next: PropertyState) => void
  errors: Record<string, string>
  properties: PropertyOption[] | undefined
  disabled?: boolean
}

export function PropertyFields({ value: c, onChange, errors, properties, disabled }: PropertyFieldsProps) {
  const t = useTranslations('segmentBuilder')
  const set = (patch: Partial<PropertyState>) => onChange({ ...c, ...patch })
  const known = properties ?? []
  const customName = isCustomField(c.field) ? c.field.slice('properties.'.length) : ''
  const isOther = isCustomField(c.field) && !known.some((p) => p.name === customName)
  const selectValue = isOther ? OTHER : c.field
  const fixed = fixedValueType(c.field)

  function chooseField(v: string) {
    if (v === OTHER)
      return set({
        field: 'properties.',
        valueType: 'text',
        operator: operatorFor('text', c.operator),
        value: '',
        value2: '',
      })
    const builtinType = fixedValueType(v)
    const type: ValueType = builtinType ?? known.find((p) => `properties.${p.name}` === v)?.type ?? c.valueType
    set({
      field: v,
      valueType: type,
      operator: operatorFor(type, c.operator),
      value: type === 'boolean' ? 'true' : '',
      value2: '',
    })
  }

  function chooseType(type: ValueType) {
    set({
      valueType: type,
      operator: operatorFor(type, c.operator),
      value: type === 'boolean' ? 'true' : '',
      value2: '',
    })
  }

  const valueInput = (which: 'value' | 'value2', label: string) => {
    const v = c[which]
    const common = {
      label,
      value: v,
      invalid: !!errors[which],
      disabled,
      onChange: (e: { target: { value: string } }) => set({ [which]: e.target.value }),
    }
    if (c.operator === 'in_last_days')
      return <InlineInput {...common} className={styles.number} type="number" min={1} step={1} />
    switch (c.valueType) {
      case 'number':
        return <InlineInput {...common} className={styles.number} type="number" step="any" inputMode="decimal" />
      case 'date':
        return <InlineInput {...common} className={styles.date} type="date" />
      case 'boolean':
        return (
          <InlineSelect
            {...common}
            options={[
              { value: 'true', label: t('true') },
              { value: 'false', label: t('false') },
            ]}
          />
        )
      default:
        return (
          <InlineInput
            {...common}
            className={styles.text}
            placeholder={t('valuePlaceholder')}
            data-testid="condition-value"
          />
        )
    }
  }

  return (
    <div className={styles.line}>
      <InlineSelect
        label={t('fieldLabel')}
        value={selectValue}
        disabled={disabled}
        invalid={!!errors.field}
        onChange={(e) => chooseField(e.target.value)}
        data-testid="condition-field"
      >
        <option value="" disabled>
          {t('fieldPlaceholder')}
        </option>
        <optgroup label={t('builtinFields')}>
          {BUILTIN_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`field.${f}`)}
            </option>
          ))}
        </optgroup>
        {known.length > 0 && (
          <optgroup label={t('customProperties')}>
            {known.map((p) => (
              <option key={p.name} value={`properties.${p.name}`}>
                {p.name}
              </option>
            ))}
          </optgroup>
        )}
        <option value={OTHER}>{t('otherProperty')}</option>
      </InlineSelect>
      {isOther && (
        <InlineInput
          label={t('customNameLabel')}
          className={styles.text}
          value={customName}
          placeholder={t('customNamePlaceholder')}
          invalid={!!errors.field}
          disabled={disabled}
          onChange={(e) => set({ field: `properties.${e.target.value}` })}
        />
      )}
      {!fixed && c.field && (
        <InlineSelect
          label={t('valueTypeLabel')}
          value={c.valueType}
          disabled={disabled}
          options={VALUE_TYPES.map((vt) => ({ value: vt, label: t(`type.${vt}`) }))}
          onChange={(e) => chooseType(e.target.value as ValueType)}
        />
      )}
      <InlineSelect
        label={t('operatorLabel')}
        value={c.operator}
        disabled={disabled}
        options={OPERATORS_BY_TYPE[c.valueType].map((op) => ({ value: op, label: t(`op.${op}`) }))}
        onChange={(e) => set({ operator: e.target.value as PropertyOperator })}
        data-testid="condition-operator"
      />
      {needsValue(c.operator) && (
        <>
          {valueInput('value', c.operator === 'between' ? t('fromLabel') : t('valueLabel'))}
          {c.operator === 'in_last_days' && <span className={styles.word}>{t('days')}</span>}
          {c.operator === 'between' && (
            <>
              <span className={styles.word}>{t('and')}</span>
              {valueInput('value2', t('toLabel'))}
            </>
          )}
        </>
      )}
    </div>
  )
}
