'use client'
// The two report tabs of a form: Overview and A/B tests.
import { useTranslations } from 'next-intl'
import styles from './reports.module.css'

export function ReportTabs({ formId, current }: { formId: string; current: 'overview' | 'tests' }) {
  const t = useTranslations('formReports')
  const base = `/forms/${encodeURIComponent(formId)}/reports`
  return (
    <nav className={styles.tabs} aria-label={t('tabsLabel')}>
      <a className={styles.tab} href={`${base}/overview`} aria-current={current === 'overview' ? 'page' : undefined}>
        {t('overviewTab')}
      </a>
      <a className={styles.tab} href={`${base}/tests`} aria-current={current === 'tests' ? 'page' : undefined}>
        {t('testsTab')}
      </a>
    </nav>
  )
}
