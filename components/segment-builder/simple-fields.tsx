'use client'
// The short condition kinds: list membership, marketing consent and location.
import { useTranslations } from 'next-intl'
import type { ConditionState } from './definition-state'
import { InlineInput, InlineSelect } from './controls'
import type { ListOption } from './use-builder-options'
import styles from './builder.module.css'

type Of<K extends ConditionState['kind']> = Extract<ConditionState, { kind: K }>
interface FieldsProps<S> { value: S; onChange: (next: S) => void; errors: Record<string, string>; disabled?: boolean }

export function ListFields({ value: c, onChange, errors, lists, disabled }: FieldsProps<Of<'list_membership'>> & { lists: ListOption[] | undefined }) {
  const t = useTranslations('segmentBuilder')
  const options = (lists ?? []).map((l) => ({ value: l.id, label: l.name }))
  if (c.listId && lists && !lists.some((l) => l.id === c.listId)) options.unshift({ value: c.listId, label: c.listId })
  return (
    <div className={styles.line}>
      <span className={styles.word}>{t('personIs')}</span>
      <InlineSelect label={t('listOperatorLabel')} value={c.operator} disabled={disabled}
        options={[{ value: 'in', label: t('inList') }, { value: 'not_in', label: t('notInList') }]}
        onChange={(e) => onChange({ ...c, operator: e.target.value as Of<'list_membership'>['operator'] })} />
      <InlineSelect label={t('listLabel')} value={c.listId} placeholder={lists ? (lists.length ? t('listPlaceholder') : t('noLists')) : t('loadingOptions')}
        options={options} invalid={!!errors.listId} disabled={disabled} onChange={(e) => onChange({ ...c, listId: e.target.value })}
        data-testid="condition-list" />
    </div>
  )
}

export function ConsentFields({ value: c, onChange, disabled }: FieldsProps<Of<'consent'>>) {
  const t = useTranslations('segmentBuilder')
  return (
    <div className={styles.line}>
      <span className={styles.word}>{t('personCan')}</span>
      <InlineSelect label={t('consentOperatorLabel')} value={c.operator} disabled={disabled}
        options={[{ value: 'can_receive', label: t('canReceive') }, { value: 'cannot_receive', label: t('cannotReceive') }]}
        onChange={(e) => onChange({ ...c, operator: e.target.value as Of<'consent'>['operator'] })} />
      <InlineSelect label={t('channelLabel')} value={c.channel} disabled={disabled}
        options={[{ value: 'email_marketing', label: t('emailMarketing') }, { value: 'sms_marketing', label: t('smsMarketing') }]}
        onChange={(e) => onChange({ ...c, channel: e.target.value as Of<'consent'>['channel'] })} />
    </div>
  )
}

export function LocationFields({ value: c, onChange, errors, disabled }: FieldsProps<Of<'location'>>) {
  const t = useTranslations('segmentBuilder')
  return (
    <div className={styles.line}>
      <InlineSelect label={t('locationFieldLabel')} value={c.field} disabled={disabled}
        options={[{ value: 'country', label: t('field.country') }, { value: 'region', label: t('field.region') }, { value: 'city', label: t('field.city') }]}
        onChange={(e) => onChange({ ...c, field: e.target.value as Of<'location'>['field'] })} />
      <InlineSelect label={t('operatorLabel')} value={c.operator} disabled={disabled}
        options={[{ value: 'equals', label: t('op.equals') }, { value: 'not_equals', label: t('op.not_equals') }, { value: 'contains', label: t('op.contains') }]}
        onChange={(e) => onChange({ ...c, operator: e.target.value as Of<'location'>['operator'] })} />
      <InlineInput label={t('valueLabel')} className={styles.text} value={c.value} invalid={!!errors.value} disabled={disabled}
        placeholder={c.field === 'country' ? t('countryPlaceholder') : c.field === 'region' ? t('regionPlaceholder') : t('cityPlaceholder')}
        onChange={(e) => onChange({ ...c, value: e.target.value })} data-testid="condition-location-value" />
    </div>
  )
}
