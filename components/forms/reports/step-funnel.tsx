'use client'
// The per-step funnel: distinct visitors who saw each step, as a bar against the first step,
// with the step's submits beside it.
import { useFormatter, useTranslations } from 'next-intl'
import styles from './reports.module.css'

export interface FunnelStep {
  step: number
  views: number
  viewers: number
  submits: number
  submitters: number
}

export function StepFunnel({ steps }: { steps: FunnelStep[] }) {
  const t = useTranslations('formReports')
  const format = useFormatter()
  if (!steps.length) return <p className={styles.muted}>{t('funnelEmpty')}</p>
  const top = Math.max(1, ...steps.map((s) => s.viewers))
  return (
    <ol className={styles.funnel} aria-label={t('funnelTitle')}>
      {steps.map((s) => (
        <li key={s.step} className={styles.funnelRow}>
          <span>{t('stepLabel', { step: s.step + 1 })}</span>
          <div className={styles.bar} role="presentation">
            <div className={styles.barFill} style={{ width: `${(s.viewers / top) * 100}%` }} />
          </div>
          <span className={styles.numbers}>
            {t('stepFigures', { viewers: format.number(s.viewers), submits: format.number(s.submits) })}
          </span>
        </li>
      ))}
    </ol>
  )
}
