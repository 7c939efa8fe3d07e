// Small status label.
import type { ReactNode } from 'react'
import styles from './badge.module.css'

export type BadgeVariant = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'intelligence'

export function Badge({ variant = 'neutral', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[variant]}`}>{children}</span>
}
