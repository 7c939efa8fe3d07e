'use client'
// One usage figure against its plan limit: a bar that turns amber at 80 % and red at 100 %.
import { useFormatter, useTranslations } from 'next-intl'
import type { CompanyUsage } from './billing-api'
import styles from './billing.module.css'

export function UsageMeter({ label, usage }: { label: string; usage: CompanyUsage['emails'] }) {
  const t = useTranslations('billing')
  const format = useFormatter()
  const pct = usage.percent ?? 0
  const fill =
    pct >= 100 ? `${styles.fill} ${styles.fillOver}` : pct >= 80 ? `${styles.fill} ${styles.fillWarn}` : styles.fill
  return (
    <div className={styles.meter}>
      <div className={styles.meterLabel}>
        <strong>{label}</strong>
        <span className={styles.muted}>
          {usage.limit == null
            ? t('usedUnlimited', { used: format.number(usage.used) })
            : t('usedOf', { used: format.number(usage.used), limit: format.number(usage.limit), percent: pct })}
        </span>
      </div>
      {usage.limit != null && (
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(pct, 100)}
        >
          <div className={fill} style={{ width: `${Math.min(pct, 100)}%` }} />
        </div>
      )}
    </div>
  )
}
