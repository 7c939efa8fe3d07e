// Placeholder rows while a table loads: the page keeps its shape instead of jumping.
import { useTranslations } from 'next-intl'
import styles from './shared.module.css'

const WIDTHS = ['38%', '14%', '12%', '18%']

export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  const t = useTranslations('common')
  return (
    <div className={styles.skeletonWrap} role="status" aria-label={t('loading')} data-testid="table-skeleton">
      <div className={styles.skeletonHead} />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          {WIDTHS.map((w, j) => (
            <span key={j} className={styles.bar} style={{ width: j === 0 ? `${30 + ((i * 7) % 15)}%` : w }} />
          ))}
        </div>
      ))}
    </div>
  )
}
