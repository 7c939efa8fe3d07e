'use client'
// Each rate against its thresholds, with the advice when it is past one.
import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import type { RateAdvice } from '@/lib/deliverability/thresholds'
import { pct } from './ops-api'
import styles from './ops.module.css'

export function AdviceList({ advice }: { advice: RateAdvice[] }) {
  const t = useTranslations('deliverability')
  const variant = { good: 'success', warning: 'warning', critical: 'danger' } as const
  return (
    <ul className={styles.list}>
      {advice.map((a) => (
        <li key={a.rate}>
          <strong>{t(`rate.${a.rate}`)}</strong> {pct(a.value, a.rate === 'spamRate' ? 3 : 2)}{' '}
          <Badge variant={variant[a.level]}>{t(`level.${a.level}`)}</Badge>
          {a.advice && <div className={styles.muted}>{a.advice}</div>}
        </li>
      ))}
    </ul>
  )
}
