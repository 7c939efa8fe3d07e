'use client'
// /portfolio/dashboard/downloads: the dashboard's figures as a CSV file for a chosen period.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import { LinkButton } from '@/components/ui/button'
import { PortfolioFrame } from './portfolio-frame'
import { portfolioUrl } from './portfolio-api'
import { PERIODS } from './dashboard-screen'
import styles from './portfolio.module.css'

export function PortfolioDownloadsScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  const [days, setDays] = useState(30)
  return (
    <PortfolioFrame portfolioId={portfolioId} title={t('downloadsTitle')}>
      {(p) => (
        <div className={styles.form}>
          <p className={styles.muted}>{t('downloadsBody')}</p>
          <Select
            name="days"
            label={t('period')}
            value={String(days)}
            onChange={(e) => setDays(Number(e.target.value))}
            options={PERIODS.map((d) => ({ value: String(d), label: t('lastDays', { days: d }) }))}
          />
          <div className={styles.row}>
            <LinkButton variant="primary" href={portfolioUrl(p.id, `/dashboard/csv?days=${days}`)} download>
              {t('downloadCsv')}
            </LinkButton>
          </div>
        </div>
      )}
    </PortfolioFrame>
  )
}
