// Generic empty state (seed 000 §2): image, heading, body, actions.
import type { ReactNode } from 'react'
import styles from './empty-state.module.css'

export interface EmptyStateProps {
  image?: ReactNode
  heading: string
  body?: ReactNode
  actions?: ReactNode
  /** Heading level; h2 by default because a page title usually sits above. */
  headingLevel?: 1 | 2 | 3
}

export function EmptyState({ image, heading, body, actions, headingLevel = 2 }: EmptyStateProps) {
  const H = `h${headingLevel}` as 'h1' | 'h2' | 'h3'
  return (
    <section className={styles.empty}>
      {image && (
        <div className={styles.image} aria-hidden="true">
          {image}
        </div>
      )}
      <H className={styles.heading}>{heading}</H>
      {body && <div className={styles.body}>{body}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  )
}
