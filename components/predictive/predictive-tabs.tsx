// The tab strip of /predictive-models: each tab is its own URL.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import styles from './predictive.module.css'

export const PREDICTIVE_TABS = ['clv'] as const
export type PredictiveTab = (typeof PREDICTIVE_TABS)[number]

export function PredictiveTabs({ current }: { current: PredictiveTab }) {
  const t = useTranslations('predictive')
  return (
    <nav className={styles.tabs} aria-label={t('tabsLabel')}>
      {PREDICTIVE_TABS.map((tab) => (
        <Link key={tab} href={`/predictive-models/${tab}`} aria-current={tab === current ? 'page' : undefined}>
          {t(`tab.${tab}`)}
        </Link>
      ))}
    </nav>
  )
}
