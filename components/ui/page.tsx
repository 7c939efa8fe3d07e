// Page regions (seed 000 §2 "Page shell with head, body and main regions"). The app frame owns the
// single <main> landmark, so these are plain containers.
import type { ReactNode } from 'react'
import styles from './page.module.css'

export function Page({ children, width = 'default' }: { children: ReactNode; width?: 'default' | 'full' }) {
  return <div className={`${styles.page} ${width === 'full' ? styles.full : ''}`}>{children}</div>
}

export interface PageHeadProps {
  title: string
  actions?: ReactNode
  description?: ReactNode
}

export function PageHead({ title, actions, description }: PageHeadProps) {
  return (
    <header className={styles.head}>
      <div className={styles.headText}>
        <h1 className={styles.title}>{title}</h1>
        {description && <div className={styles.description}>{description}</div>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  )
}

export function PageBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>
}

export function PageMain({ children }: { children: ReactNode }) {
  return <div className={styles.main}>{children}</div>
}
