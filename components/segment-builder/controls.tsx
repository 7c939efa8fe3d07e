'use client'
// Compact inline controls for condition rows: a sentence of selects and inputs, each with an
// accessible name instead of a visible label.
import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react'
import styles from './builder.module.css'

export interface Option {
  value: string
  label: string
}

export function InlineSelect({
  label,
  options,
  invalid,
  className,
  placeholder,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  options?: Option[]
  invalid?: boolean
  placeholder?: string
}) {
  return (
    <select
      {...rest}
      aria-label={label}
      aria-invalid={invalid || undefined}
      className={[styles.control, className].filter(Boolean).join(' ')}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {children ??
        options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
    </select>
  )
}

export function InlineInput({
  label,
  invalid,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; invalid?: boolean }) {
  return (
    <input
      {...rest}
      aria-label={label}
      aria-invalid={invalid || undefined}
      className={[styles.control, className].filter(Boolean).join(' ')}
    />
  )
}
