'use client'
// The customer hub's screen tabs: dashboard, get started and the settings pages.
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import styles from '@/components/deliverability/ops.module.css'

export const HUB_SECTIONS = [
  'general',
  'content',
  'design',
  'faq',
  'returns',
  'support',
  'webchat',
  'extensions',
] as const
// 'features' is the onboarding's account-settings step, not a settings tab.
export type HubSection = (typeof HUB_SECTIONS)[number] | 'features'
// Written out so every link is a literal path of the route registry.
export const HUB_SECTION_PATHS: Record<(typeof HUB_SECTIONS)[number], string> = {
  general: '/customer-hub/settings/general',
  content: '/customer-hub/settings/content',
  design: '/customer-hub/settings/design',
  faq: '/customer-hub/settings/faq',
  returns: '/customer-hub/settings/returns',
  support: '/customer-hub/settings/support',
  webchat: '/customer-hub/settings/webchat',
  extensions: '/customer-hub/settings/extensions',
}

export function HubTabs() {
  const t = useTranslations('customerHub')
  const path = usePathname()
  const tabs = [
    { href: '/customer-hub/dashboard', label: t('tabs.dashboard') },
    { href: '/customer-hub/get-started', label: t('tabs.getStarted') },
    ...HUB_SECTIONS.map((s) => ({ href: HUB_SECTION_PATHS[s], label: t(`section.${s}`) })),
  ]
  return (
    <nav className={styles.tabs} aria-label={t('title')}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={path === tab.href ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
