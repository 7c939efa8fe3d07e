'use client'
// A goal's progress as a bar, the figures and whether the pace reaches the target.
import { useTranslations, useFormatter } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import styles from '@/components/deliverability/ops.module.css'

export interface ProgressFigures {
  actual: number
  target: number
  progress: number
  projection: number
  onTrack: boolean
  achieved: boolean
  status: string
}

export function GoalProgressBar({ p, kind }: { p: ProgressFigures; kind: string }) {
  const t = useTranslations('goals')
  const format = useFormatter()
  const n = (v: number) => format.number(v, { maximumFractionDigits: kind.endsWith('revenue') ? 2 : 0 })
  return (
    <div className={styles.stack} style={{ gap: 'var(--space-2)' }}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-valuenow={Math.round(p.progress * 100)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={styles.progressBar} style={{ width: `${Math.min(100, p.progress * 100)}%` }} />
      </div>
      <div className={styles.actions}>
        <span>{t('actualOfTarget', { actual: n(p.actual), target: n(p.target) })}</span>
        <span className={styles.muted}>{t('projection', { value: n(p.projection) })}</span>
        {p.achieved ? (
          <Badge variant="success">{t('achieved')}</Badge>
        ) : p.status === 'upcoming' ? (
          <Badge>{t('upcoming')}</Badge>
        ) : p.onTrack ? (
          <Badge variant="success">{t('onTrack')}</Badge>
        ) : (
          <Badge variant="warning">{t('offTrack')}</Badge>
        )}
      </div>
    </div>
  )
}
