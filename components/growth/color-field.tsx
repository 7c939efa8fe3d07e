// A labelled colour picker (native input type=color) with its field error.
import { useId } from 'react'
import styles from './growth.module.css'

export function ColorField({
  label,
  value,
  onChange,
  error,
  disabled,
  name,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  error?: string
  disabled?: boolean
  name: string
}) {
  const id = useId()
  return (
    <div>
      <label className={styles.colorField} htmlFor={id}>
        {label}
        <input
          id={id}
          name={name}
          type="color"
          value={value || '#000000'}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export function TextArea({
  label,
  value,
  onChange,
  error,
  disabled,
  name,
  hint,
  placeholder,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  error?: string
  disabled?: boolean
  name: string
  hint?: string
  placeholder?: string
}) {
  const id = useId()
  return (
    <div>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={styles.textarea}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {hint && <p className={styles.muted}>{hint}</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export function CheckField({
  label,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string
  checked: boolean
  onChange: (v: boolean) => void
  disabled?: boolean
  testId?: string
}) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>{label}</span>
    </label>
  )
}
