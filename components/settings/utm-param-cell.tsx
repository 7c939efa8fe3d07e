'use client'
// One side (campaigns or flows) of one UTM parameter: not used, static text, or a dynamic value.
import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import type { ParamValue } from '@/lib/messaging/tracking/utm-constants'
import { choiceOf, fromChoice } from './utm-form-model'
import styles from './utm-tracking.module.css'

interface Props {
  id: string
  label: string
  value: ParamValue | null
  dynamicValues: readonly string[]
  error?: string
  onChange: (v: ParamValue | null) => void
}

export function UtmParamCell({ id, label, value, dynamicValues, error, onChange }: Props) {
  const t = useTranslations('utmTracking')
  const options = [
    { value: '', label: t('notUsed') },
    { value: 'static', label: t('staticValue') },
    ...dynamicValues.map((v) => ({ value: v, label: t.has(`dynamic.${v}`) ? t(`dynamic.${v}`) : v })),
  ]
  return (
    <div className={styles.cell}>
      <Select
        label={label}
        name={`${id}-kind`}
        value={choiceOf(value)}
        options={options}
        error={value?.type === 'static' ? undefined : error}
        onChange={(e) => onChange(fromChoice(e.target.value, value))}
      />
      {value?.type === 'static' && (
        <TextField
          label={t('staticLabel')}
          name={`${id}-value`}
          value={value.value}
          maxLength={255}
          error={error}
          onChange={(e) => onChange({ type: 'static', value: e.target.value })}
        />
      )}
    </div>
  )
}
