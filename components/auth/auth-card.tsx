// One card of a public screen: optional icon, title, helper text, body and footer.
import type { ReactNode } from 'react'
import styles from './auth.module.css'

export interface AuthCardProps {
  title: string
  subtitle?: ReactNode
  icon?: ReactNode
  iconTone?: 'default' | 'danger' | 'success'
  children?: ReactNode
  footer?: ReactNode
}

export function AuthCard({ title, subtitle, icon, iconTone = 'default', children, footer }: AuthCardProps) {
  const tone = iconTone === 'danger' ? styles.iconDanger : iconTone === 'success' ? styles.iconSuccess : ''
  return (
    <section className={styles.card}>
      {icon && (
        <div className={`${styles.icon} ${tone}`} aria-hidden="true">
          {icon}
        </div>
      )}
      <h1 className={styles.title}>{title}</h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      {children}
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  )
}
