'use client'
// The billing pages' own navigation: a row of links that wraps on a phone.
import { useTranslations } from 'next-intl'
import { AppLink } from '@/components/shell/app-link'
import styles from './billing.module.css'

const TABS = [
  { page: 'overview', href: '/settings/billing/overview', label: 'tabOverview' },
  { page: 'account-usage', href: '/settings/billing/account-usage', label: 'tabUsage' },
  { page: 'email-plans', href: '/settings/billing/email-plans', label: 'tabEmailPlans' },
  { page: 'sms-plans', href: '/settings/billing/sms-plans', label: 'tabSmsPlans' },
  { page: 'manage-subscription', href: '/settings/billing/manage-subscription', label: 'tabManage' },
  { page: 'payment-history', href: '/settings/billing/payment-history', label: 'tabPayments' },
  { page: 'preferences', href: '/settings/billing/preferences', label: 'tabPreferences' },
] as const

export function BillingTabs({ current }: { current: (typeof TABS)[number]['page'] | 'create-your-plan' | 'checkout' }) {
  const t = useTranslations('billing')
  return (
    <nav className={styles.tabs} aria-label={t('tabsLabel')}>
      {TABS.map((tab) => (
        <AppLink
          key={tab.page}
          href={tab.href}
          className={tab.page === current ? `${styles.tab} ${styles.tabActive}` : styles.tab}
          aria-current={tab.page === current ? 'page' : undefined}
        >
          {t(tab.label)}
        </AppLink>
      ))}
    </nav>
  )
}
