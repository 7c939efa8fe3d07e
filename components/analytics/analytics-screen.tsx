'use client'
// /analytics and its tabs: the landing of the analytics tools, each tab a built screen (no dead ends).
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { ANALYTICS_TABS, TAB_HREF, type AnalyticsTab } from './analytics-tabs'
import { DashboardsList } from './dashboards-list'
import { ReportsList } from './reports-list'
import { ReportLibrary } from './report-library'
import { CuratedDashboard } from './curated-dashboard'
import styles from './analytics.module.css'

const TOOLS = [
  ['/dashboard/analytics', 'toolDashboard'],
  ['/report-builder/create', 'toolBuilder'],
  ['/analytics/reports/library', 'toolLibrary'],
  ['/analytics/curated-reports', 'toolCurated'],
  ['/analytics/curated-reports/sms', 'toolSms'],
  ['/analytics/metrics', 'toolMetrics'],
] as const

export function AnalyticsScreen({ tab, currency }: { tab: AnalyticsTab; currency: string }) {
  const t = useTranslations('analytics')
  return (
    <Page width="full">
      <PageHead title={t(`tabTitle.${tab}`)} description={t(`tabDescription.${tab}`)} />
      <PageBody>
        <div className={styles.stack}>
          <nav className={styles.tabs} aria-label={t('tabsLabel')}>
            {ANALYTICS_TABS.map((k) => (
              <Link key={k} href={TAB_HREF[k]} aria-current={k === tab ? 'page' : undefined}>
                {t(`tab.${k}`)}
              </Link>
            ))}
          </nav>
          {tab === 'overview' && (
            <div className={styles.tiles}>
              {TOOLS.map(([href, key]) => (
                <div key={key} className={styles.tile}>
                  <h2 className={styles.tileTitle}>{t(`${key}.title`)}</h2>
                  <p className={styles.muted}>{t(`${key}.body`)}</p>
                  <LinkButton href={href}>{t('open')}</LinkButton>
                </div>
              ))}
            </div>
          )}
          {tab === 'dashboards' && <DashboardsList />}
          {tab === 'reports' && <ReportsList />}
          {tab === 'library' && <ReportLibrary />}
          {tab === 'curated' && <CuratedDashboard name="email" currency={currency} />}
          {tab === 'sms' && <CuratedDashboard name="sms" currency={currency} />}
        </div>
      </PageBody>
    </Page>
  )
}
