// Surface card with optional title row and actions.
import type { ReactNode } from 'react'
import styles from './card.module.css'

export interface CardProps {
  title?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /** No body padding: for tables and lists that run edge to edge. */
  flush?: boolean
}

export function Card({ title, children, actions, flush = false }: CardProps) {
  return (
    <section className={styles.card}>
      {(title || actions) && (
        <div className={styles.head}>
          {title && <h2 className={styles.title}>{title}</h2>}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      <div className={flush ? styles.flush : styles.body}>{children}</div>
    </section>
  )
}
