// Labelled multi-line text field with hint and error, styled as the other fields.
import { useId, type TextareaHTMLAttributes } from 'react'
import { FormError } from '@/components/ui/form-error'
import styles from '@/components/ui/field.module.css'
import own from './inbox-settings.module.css'

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  name: string
  error?: string
  hint?: string
}

export function TextArea({ label, name, error, hint, id, rows = 4, ...rest }: TextAreaProps) {
  const autoId = useId()
  const inputId = id ?? `${name}-${autoId}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <textarea
        {...rest}
        id={inputId}
        name={name}
        rows={rows}
        className={`${styles.control} ${own.textarea} ${error ? styles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
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
