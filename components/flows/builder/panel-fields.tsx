'use client'
// A labelled control of the side panels (the label wraps the control, so no ids are needed).
import type { InputHTMLAttributes, ReactNode } from 'react'
import styles from './builder.module.css'

export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string
  hint?: string
  error?: string
  children: ReactNode
}) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      {children}
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && (
        <span className={styles.fieldError} role="alert">
          {error}
        </span>
      )}
    </label>
  )
}

/**
 * The options of an id select: a placeholder, the loaded options, and the current id itself when
 * it is not among them (still loading, or deleted), so a select never silently shows another value.
 */
export function IdOptions({
  options,
  value,
  placeholder,
}: {
  options: Array<{ id: string; name: string }> | undefined
  value: string | null | undefined
  placeholder: string
}) {
  const missing = !!value && !options?.some((o) => o.id === value)
  return (
    <>
      <option value="">{placeholder}</option>
      {missing && <option value={value!}>{value}</option>}
      {options?.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </>
  )
}

type Data = Record<string, unknown>

/**
 * A labelled text input bound to one field of an action's data or message; with `emptyAsNull` an
 * emptied field is stored as null (the default: no sender, no template name), not as ''.
 */
export function FieldInput({
  label,
  hint,
  record,
  set,
  field,
  emptyAsNull,
  ...input
}: {
  label: string
  hint?: string
  record: Data
  set: (patch: Data) => void
  field: string
  emptyAsNull?: boolean
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'>) {
  return (
    <Field label={label} hint={hint}>
      <input
        {...input}
        className={styles.control}
        value={String(record[field] ?? '')}
        onChange={(e) => set({ [field]: emptyAsNull ? e.target.value || null : e.target.value })}
      />
    </Field>
  )
}
