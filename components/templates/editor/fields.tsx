'use client'
// Small controlled inputs of the block settings panel: color, number, alignment, text, textarea.
// An emptied optional field reports undefined so the block falls back to its default.
import { useId } from 'react'
import { useTranslations } from 'next-intl'
import styles from './editor.module.css'

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/

export function ColorField({
  label,
  value,
  onChange,
  optional = true,
}: {
  label: string
  value?: string
  onChange: (v: string | undefined) => void
  optional?: boolean
}) {
  const id = useId()
  const valid = !value || HEX.test(value)
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <div className={styles.colorRow}>
        <input
          type="color"
          aria-label={label}
          value={value && valid && value.length === 7 ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className={styles.colorSwatch}
          tabIndex={-1}
        />
        <input
          id={id}
          type="text"
          className={styles.input}
          value={value ?? ''}
          placeholder="#rrggbb"
          maxLength={7}
          aria-invalid={!valid}
          onChange={(e) => onChange(e.target.value === '' && optional ? undefined : e.target.value)}
        />
      </div>
    </div>
  )
}

export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  unit,
}: {
  label: string
  value?: number
  onChange: (v: number | undefined) => void
  min: number
  max: number
  unit?: string
}) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
        {unit ? ` (${unit})` : ''}
      </label>
      <input
        id={id}
        type="number"
        className={styles.input}
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) =>
          onChange(e.target.value === '' ? undefined : Math.max(min, Math.min(max, Math.round(Number(e.target.value)))))
        }
      />
    </div>
  )
}

export function AlignField({
  value,
  onChange,
}: {
  value?: 'left' | 'center' | 'right'
  onChange: (v: 'left' | 'center' | 'right' | undefined) => void
}) {
  const t = useTranslations('templateEditor')
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{t('align')}</span>
      <div className={styles.segmented} role="group" aria-label={t('align')}>
        {(['left', 'center', 'right'] as const).map((a) => (
          <button
            key={a}
            type="button"
            aria-pressed={value === a}
            onClick={() => onChange(value === a ? undefined : a)}
          >
            {a === 'left' ? t('alignLeft') : a === 'center' ? t('alignCenter') : t('alignRight')}
          </button>
        ))}
      </div>
    </div>
  )
}

export function InputField({
  label,
  value,
  onChange,
  placeholder,
  hint,
  testId,
}: {
  label: string
  value?: string
  onChange: (v: string) => void
  placeholder?: string
  hint?: string
  testId?: string
}) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        className={styles.input}
        value={value ?? ''}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {hint && <span className={styles.fieldHint}>{hint}</span>}
    </div>
  )
}

export function AreaField({
  label,
  value,
  onChange,
  hint,
  rows = 6,
  testId,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  hint?: string
  rows?: number
  testId?: string
}) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textareaField}
        value={value}
        rows={rows}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {hint && <span className={styles.fieldHint}>{hint}</span>}
    </div>
  )
}
