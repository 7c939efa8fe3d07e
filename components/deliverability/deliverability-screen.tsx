'use client'
// /analytics/deliverability and its email and SMS pages: one page head, the tabs, the view.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { EmailOverview } from './email-overview'
import { ScoreView } from './score-view'
import { BounceDetails } from './bounce-details'
import { PerformanceReview } from './performance-review'
import { ReportsView } from './reports-view'
import { SmsView } from './sms-view'
import styles from './ops.module.css'

export type DeliverabilityView = 'email' | 'score' | 'bounces' | 'review' | 'reports' | 'sms'

const TABS: Array<{ view: DeliverabilityView; href: string; key: string }> = [
  { view: 'email', href: '/analytics/deliverability/email', key: 'tabEmail' },
  { view: 'score', href: '/analytics/deliverability/email/score', key: 'tabScore' },
  { view: 'bounces', href: '/analytics/deliverability/email/bounce-details', key: 'tabBounces' },
  { view: 'review', href: '/analytics/deliverability/email/performance-review', key: 'tabReview' },
  { view: 'reports', href: '/analytics/deliverability/email/reports', key: 'tabReports' },
  { view: 'sms', href: '/analytics/deliverability/sms', key: 'tabSms' },
]

export function DeliverabilityScreen({ view }: { view: DeliverabilityView }) {
  const t = useTranslations('deliverability')
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <nav className={styles.tabs} aria-label={t('title')}>
          {TABS.map((tab) => (
            <Link key={tab.view} href={tab.href} aria-current={tab.view === view ? 'page' : undefined}>
              {t(tab.key)}
            </Link>
          ))}
        </nav>
        {view === 'email' && <EmailOverview />}
        {view === 'score' && <ScoreView />}
        {view === 'bounces' && <BounceDetails />}
        {view === 'review' && <PerformanceReview />}
        {view === 'reports' && <ReportsView />}
        {view === 'sms' && <SmsView />}
      </PageBody>
    </Page>
  )
}
