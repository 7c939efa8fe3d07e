'use client'
// One condition: its kind, the fields of that kind, its errors and a remove button. Problems
// found in the browser show once the user leaves the row (or tries to save); the server's show
// at once.
import { useTranslations } from 'next-intl'
import { CloseIcon } from '@/components/ui/icons'
import { FormError } from '@/components/ui/form-error'
import { CONDITION_KINDS, emptyCondition, type ConditionKind, type ConditionState } from './definition-state'
import { InlineSelect } from './controls'
import { MetricFields } from './metric-fields'
import { PropertyFields } from './property-fields'
import { PredictiveFields } from './predictive-fields'
import { ConsentFields, ListFields, LocationFields } from './simple-fields'
import type { ListOption, MetricOption, PropertyOption } from './use-builder-options'
import styles from './builder.module.css'

export interface BuilderOptions {
  metrics: MetricOption[] | undefined
  properties: PropertyOption[] | undefined
  lists: ListOption[] | undefined
}

export interface ConditionRowProps {
  condition: ConditionState
  onChange: (next: ConditionState) => void
  onRemove: () => void
  /** Browser-side problems, as message keys. */
  issues: Record<string, string>
  showIssues: boolean
  /** The server's messages for this row, by field. */
  serverErrors: Record<string, string> | undefined
  onLeave: () => void
  options: BuilderOptions
  canRemove: boolean
  disabled?: boolean
}

export function ConditionRow({
  condition: c,
  onChange,
  onRemove,
  issues,
  showIssues,
  serverErrors,
  onLeave,
  options,
  canRemove,
  disabled,
}: ConditionRowProps) {
  const t = useTranslations('segmentBuilder')
  const errors: Record<string, string> = {}
  if (showIssues) for (const [field, key] of Object.entries(issues)) errors[field] = t(key)
  for (const [field, message] of Object.entries(serverErrors ?? {})) errors[field] ??= message
  const messages = [...new Set(Object.values(errors))]

  function changeKind(kind: ConditionKind) {
    onChange({ ...emptyCondition(kind), key: c.key })
  }

  const fields = (() => {
    switch (c.kind) {
      case '':
        return null
      case 'metric':
        return (
          <MetricFields value={c} onChange={onChange} errors={errors} metrics={options.metrics} disabled={disabled} />
        )
      case 'profile_property':
        return (
          <PropertyFields
            value={c}
            onChange={onChange}
            errors={errors}
            properties={options.properties}
            disabled={disabled}
          />
        )
      case 'list_membership':
        return <ListFields value={c} onChange={onChange} errors={errors} lists={options.lists} disabled={disabled} />
      case 'consent':
        return <ConsentFields value={c} onChange={onChange} errors={errors} disabled={disabled} />
      case 'location':
        return <LocationFields value={c} onChange={onChange} errors={errors} disabled={disabled} />
      case 'predictive':
        return <PredictiveFields value={c} onChange={onChange} errors={errors} disabled={disabled} />
    }
  })()

  return (
    <div
      className={`${styles.row} ${messages.length ? styles.rowInvalid : ''}`}
      data-testid="condition-row"
      data-kind={c.kind || undefined}
      data-invalid={messages.length ? 'true' : undefined}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave()
      }}
    >
      <div className={styles.rowMain}>
        <div className={styles.line}>
          <InlineSelect
            label={t('kindLabel')}
            className={styles.kindSelect}
            value={c.kind}
            placeholder={t('kindPlaceholder')}
            invalid={!!errors.kind}
            disabled={disabled}
            onChange={(e) => changeKind(e.target.value as ConditionKind)}
            options={CONDITION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            data-testid="condition-kind"
          />
        </div>
        {fields}
        {messages.length > 0 && (
          <div className={styles.errors}>
            {messages.map((m) => (
              <FormError key={m}>{m}</FormError>
            ))}
          </div>
        )}
      </div>
      {canRemove && (
        <button
          type="button"
          className={styles.remove}
          onClick={onRemove}
          aria-label={t('removeCondition')}
          disabled={disabled}
          data-testid="remove-condition"
        >
          <CloseIcon size={16} />
        </button>
      )}
    </div>
  )
}
