// The tab strip of /customer-insights: each tab is its own URL (links, not buttons).
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import styles from './insights.module.css'

export const CUSTOMER_TABS = ['rfm', 'cohort', 'funnel', 'audience'] as const
export type CustomerTab = (typeof CUSTOMER_TABS)[number]

export function InsightsTabs({ current }: { current: CustomerTab }) {
  const t = useTranslations('insights')
  return (
    <nav className={styles.tabs} aria-label={t('tabsLabel')}>
      {CUSTOMER_TABS.map((tab) => (
        <Link key={tab} href={`/customer-insights/${tab}`} aria-current={tab === current ? 'page' : undefined}>
          {t(`tab.${tab}`)}
        </Link>
      ))}
    </nav>
  )
}
