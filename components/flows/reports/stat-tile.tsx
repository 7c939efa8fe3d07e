// One figure of a report: a label, the value and an optional line under it.
import type { ReactNode } from 'react'
import styles from './reports.module.css'

export function StatTile({
  label,
  value,
  sub,
  testId,
}: {
  label: string
  value: ReactNode
  sub?: ReactNode
  testId?: string
}) {
  return (
    <div className={styles.tile} data-testid={testId}>
      <div className={styles.tileLabel}>{label}</div>
      <div className={styles.tileValue}>{value}</div>
      {sub != null && <div className={styles.tileSub}>{sub}</div>}
    </div>
  )
}
