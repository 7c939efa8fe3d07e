'use client'
// The developer tools' screens, one tab each, so every one is a click away from the others.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import styles from './developer-tools.module.css'

const TABS = [
  { href: '/developer-tools/dashboard', key: 'tabDashboard' },
  { href: '/developer-tools/logs', key: 'tabLogs' },
  { href: '/developer-tools/metrics', key: 'tabMetrics' },
  { href: '/developer-tools/revision-monitoring', key: 'tabRevisions' },
  { href: '/developer-tools/sample-data-generator', key: 'tabSampleData' },
  { href: '/client-diagnostics', key: 'tabDiagnostics' },
] as const

export type DeveloperToolsTab = (typeof TABS)[number]['href']

export function DeveloperToolsTabs({ current }: { current: DeveloperToolsTab }) {
  const t = useTranslations('developerTools')
  return (
    <nav className={styles.tabs} aria-label={t('tabsLabel')}>
      {TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          className={`${styles.tab} ${tab.href === current ? styles.tabActive : ''}`}
          aria-current={tab.href === current ? 'page' : undefined}
        >
          {t(tab.key)}
        </Link>
      ))}
    </nav>
  )
}
