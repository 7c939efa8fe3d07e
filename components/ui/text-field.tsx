// Labelled text input with hint and error text (the error is announced: role=alert).
import { useId, type InputHTMLAttributes } from 'react'
import { FormError } from './form-error'
import styles from './field.module.css'

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  name: string
  error?: string
  hint?: string
}

export function TextField({ label, name, error, hint, id, className, ...rest }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? `${name}-${autoId}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        name={name}
        className={`${styles.control} ${error ? styles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && <FormError id={errorId}>{error}</FormError>}
    </div>
  )
}
