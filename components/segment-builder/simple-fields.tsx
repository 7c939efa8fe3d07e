'use client'
// The short condition kinds: list membership, marketing consent and location.
import { useMemo } from 'react'
import { useFormatter, useLocale, useTranslations } from 'next-intl'
import { countryCodes } from '@/lib/account/organization-options'
import type { ConditionState } from './definition-state'
import { InlineInput, InlineSelect } from './controls'
import { useCountryOptions, type CountryValue, type ListOption } from './use-builder-options'
import styles from './builder.module.css'

type Of<K extends ConditionState['kind']> = Extract<ConditionState, { kind: K }>
interface FieldsProps<S> {
  value: S
  onChange: (next: S) => void
  errors: Record<string, string>
  disabled?: boolean
}

export function ListFields({
  value: c,
  onChange,
  errors,
  lists,
  disabled,
}: FieldsProps<Of<'list_membership'>> & { lists: ListOption[] | undefined }) {
  const t = useTranslations('segmentBuilder')
  const options = (lists ?? []).map((l) => ({ value: l.id, label: l.name }))
  if (c.listId && lists && !lists.some((l) => l.id === c.listId)) options.unshift({ value: c.listId, label: c.listId })
  return (
    <div className={styles.line}>
      <span className={styles.word}>{t('personIs')}</span>
      <InlineSelect
        label={t('listOperatorLabel')}
        value={c.operator}
        disabled={disabled}
        options={[
          { value: 'in', label: t('inList') },
          { value: 'not_in', label: t('notInList') },
        ]}
        onChange={(e) => onChange({ ...c, operator: e.target.value as Of<'list_membership'>['operator'] })}
      />
      <InlineSelect
        label={t('listLabel')}
        value={c.listId}
        placeholder={lists ? (lists.length ? t('listPlaceholder') : t('noLists')) : t('loadingOptions')}
        options={options}
        invalid={!!errors.listId}
        disabled={disabled}
        onChange={(e) => onChange({ ...c, listId: e.target.value })}
        data-testid="condition-list"
      />
    </div>
  )
}

export function ConsentFields({ value: c, onChange, disabled }: FieldsProps<Of<'consent'>>) {
  const t = useTranslations('segmentBuilder')
  return (
    <div className={styles.line}>
      <span className={styles.word}>{t('personCan')}</span>
      <InlineSelect
        label={t('consentOperatorLabel')}
        value={c.operator}
        disabled={disabled}
        options={[
          { value: 'can_receive', label: t('canReceive') },
          { value: 'cannot_receive', label: t('cannotReceive') },
        ]}
        onChange={(e) => onChange({ ...c, operator: e.target.value as Of<'consent'>['operator'] })}
      />
      <InlineSelect
        label={t('channelLabel')}
        value={c.channel}
        disabled={disabled}
        options={[
          { value: 'email_marketing', label: t('emailMarketing') },
          { value: 'sms_marketing', label: t('smsMarketing') },
        ]}
        onChange={(e) => onChange({ ...c, channel: e.target.value as Of<'consent'>['channel'] })}
      />
    </div>
  )
}

export function LocationFields({ value: c, onChange, errors, disabled }: FieldsProps<Of<'location'>>) {
  const t = useTranslations('segmentBuilder')
  const pickCountry = c.field === 'country' && c.operator !== 'contains'
  return (
    <div className={styles.line}>
      <InlineSelect
        label={t('locationFieldLabel')}
        value={c.field}
        disabled={disabled}
        options={[
          { value: 'country', label: t('field.country') },
          { value: 'region', label: t('field.region') },
          { value: 'city', label: t('field.city') },
        ]}
        onChange={(e) => onChange({ ...c, field: e.target.value as Of<'location'>['field'] })}
      />
      <InlineSelect
        label={t('operatorLabel')}
        value={c.operator}
        disabled={disabled}
        options={[
          { value: 'equals', label: t('op.equals') },
          { value: 'not_equals', label: t('op.not_equals') },
          { value: 'contains', label: t('op.contains') },
        ]}
        onChange={(e) => onChange({ ...c, operator: e.target.value as Of<'location'>['operator'] })}
      />
      {pickCountry ? (
        <CountrySelect
          value={c.value}
          invalid={!!errors.value}
          disabled={disabled}
          onChange={(value) => onChange({ ...c, value })}
        />
      ) : (
        <InlineInput
          label={t('valueLabel')}
          className={styles.text}
          value={c.value}
          invalid={!!errors.value}
          disabled={disabled}
          placeholder={
            c.field === 'country'
              ? t('countryPlaceholder')
              : c.field === 'region'
                ? t('regionPlaceholder')
                : t('cityPlaceholder')
          }
          onChange={(e) => onChange({ ...c, value: e.target.value })}
          data-testid="condition-location-value"
        />
      )}
    </div>
  )
}

/**
 * The countries present in the data first (as written, with how many profiles), then every ISO
 * country by name. A country is saved as its ISO code; the condition matches the code and every
 * name of the country alike, so "US" also finds "United States".
 */
export function CountrySelect({
  value,
  onChange,
  invalid,
  disabled,
}: {
  value: string
  onChange: (v: string) => void
  invalid?: boolean
  disabled?: boolean
}) {
  const t = useTranslations('segmentBuilder')
  const locale = useLocale()
  const format = useFormatter()
  const present = useCountryOptions().data
  const { inData, all } = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
    const nameOf = (code: string) => names.of(code) ?? code
    const byKey = new Map<string, { value: string; label: string; count: number }>()
    for (const v of present ?? ([] as CountryValue[])) {
      const k = v.code ?? v.value
      const prev = byKey.get(k)
      if (prev) prev.count += v.count
      else byKey.set(k, { value: k, label: v.code ? `${nameOf(v.code)} (${v.code})` : v.value, count: v.count })
    }
    const collator = new Intl.Collator(locale)
    return {
      inData: [...byKey.values()],
      all: countryCodes()
        .map((code) => ({ value: code, label: `${nameOf(code)} (${code})` }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    }
  }, [present, locale])
  const known = value === '' || inData.some((o) => o.value === value) || all.some((o) => o.value === value)
  return (
    <InlineSelect
      label={t('countryLabel')}
      value={value}
      invalid={invalid}
      disabled={disabled}
      className={styles.countrySelect}
      onChange={(e) => onChange(e.target.value)}
      data-testid="condition-country"
    >
      <option value="" disabled>
        {t('countryChoose')}
      </option>
      {!known && <option value={value}>{value}</option>}
      {inData.length > 0 && (
        <optgroup label={t('countriesInData')}>
          {inData.map((o) => (
            <option key={`d-${o.value}`} value={o.value}>
              {t('countryWithCount', { country: o.label, count: o.count, formatted: format.number(o.count) })}
            </option>
          ))}
        </optgroup>
      )}
      <optgroup label={t('countriesAll')}>
        {all.map((o) => (
          <option key={`a-${o.value}`} value={o.value}>
            {o.label}
          </option>
        ))}
      </optgroup>
    </InlineSelect>
  )
}
