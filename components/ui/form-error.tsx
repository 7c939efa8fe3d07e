// Field or form error text, announced to assistive technology when it appears.
import type { ReactNode } from 'react'
import { ErrorIcon } from './icons'
import styles from './field.module.css'

export interface FormErrorProps {
  id?: string
  children: ReactNode
}

export function FormError({ id, children }: FormErrorProps) {
  if (children === null || children === undefined || children === '') return null
  return (
    <p id={id} role="alert" className={styles.error}>
      <ErrorIcon size={14} className={styles.errorIcon} />
      <span>{children}</span>
    </p>
  )
}
