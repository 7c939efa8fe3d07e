'use client'
// A labelled control of the side panels (the label wraps the control, so no ids are needed).
import type { ReactNode } from 'react'
import styles from './builder.module.css'

export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      {children}
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && <span className={styles.fieldError} role="alert">{error}</span>}
    </label>
  )
}
