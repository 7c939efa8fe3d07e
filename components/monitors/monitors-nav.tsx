'use client'
// The tabs of the monitors pages: the monitors and all their alerts.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import styles from '@/components/deliverability/ops.module.css'

export function MonitorsNav({ current }: { current: 'list' | 'alerts' }) {
  const t = useTranslations('monitors')
  return (
    <nav className={styles.tabs} aria-label={t('title')}>
      <Link href="/analytics/monitors" aria-current={current === 'list' ? 'page' : undefined}>
        {t('tabMonitors')}
      </Link>
      <Link href="/analytics/monitors/alerts" aria-current={current === 'alerts' ? 'page' : undefined}>
        {t('tabAlerts')}
      </Link>
    </nav>
  )
}
