'use client'
// The overview's headline figures: views, submits, submit rate and closes for the timeframe.
import { useFormatter, useTranslations } from 'next-intl'
import styles from './reports.module.css'

export interface Headline {
  views: number
  submits: number
  submitRate: number
  closes: number
}

export function HeadlineFigures({ headline }: { headline: Headline }) {
  const t = useTranslations('formReports')
  const format = useFormatter()
  const items: Array<[string, string]> = [
    [t('views'), format.number(headline.views)],
    [t('submits'), format.number(headline.submits)],
    [t('submitRate'), format.number(headline.submitRate, { style: 'percent', maximumFractionDigits: 1 })],
    [t('closes'), format.number(headline.closes)],
  ]
  return (
    <dl className={styles.figures}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.figure}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
