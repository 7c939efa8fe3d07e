'use client'
// Single or double opt-in: a radio pair with a sentence explaining each choice.
import { useTranslations } from 'next-intl'
import type { OptInProcess } from './types'
import styles from './forms.module.css'

export function OptInField({
  value,
  onChange,
  disabled,
}: {
  value: OptInProcess
  onChange: (v: OptInProcess) => void
  disabled?: boolean
}) {
  const t = useTranslations('lists')
  const options: Array<{ value: OptInProcess; label: string; hint: string }> = [
    { value: 'single_opt_in', label: t('optInSingle'), hint: t('optInSingleHint') },
    { value: 'double_opt_in', label: t('optInDouble'), hint: t('optInDoubleHint') },
  ]
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{t('optInLabel')}</legend>
      {options.map((o) => (
        <label key={o.value} className={`${styles.choice} ${value === o.value ? styles.choiceOn : ''}`}>
          <input
            type="radio"
            name="optInProcess"
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>
            <strong>{o.label}</strong>
            <small>{o.hint}</small>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
