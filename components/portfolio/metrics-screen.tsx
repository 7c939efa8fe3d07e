'use client'
// /portfolio/metrics: the portfolio's metrics, each with the metric it stands for in every
// account and how many events that metric had in the last 30 days.
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { DataState, PortfolioFrame, withPortfolio } from './portfolio-frame'
import { usePortfolioData, type PortfolioSummary } from './portfolio-api'
import styles from './portfolio.module.css'

export interface PortfolioMetricView {
  id: number
  name: string
  mappings: Array<{
    companyId: number
    accountName: string
    metricId: string
    metricName: string | null
    events30d: number
  }>
  unmappedAccounts: string[]
}

function Metrics({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const f = useFormatter()
  const { data, error } = usePortfolioData<{ metrics: PortfolioMetricView[] }>(portfolio.id, '/metrics')
  return (
    <DataState error={error} loading={!data}>
      {data?.metrics.length === 0 && (
        <EmptyState
          heading={t('noMetricsTitle')}
          body={t('noMetricsBody')}
          actions={
            <LinkButton variant="primary" href={withPortfolio('/portfolio/metrics/create', portfolio)}>
              {t('createMetric')}
            </LinkButton>
          }
        />
      )}
      {data?.metrics.map((m) => (
        <section key={m.id} className={styles.section}>
          <div className={styles.row}>
            <h2>{m.name}</h2>
            <LinkButton size="small" href={withPortfolio(`/portfolio/metrics/${m.id}/edit`, portfolio)}>
              {t('edit')}
            </LinkButton>
          </div>
          <Table
            caption={m.name}
            empty={t('noMappings')}
            columns={[
              { key: 'account', header: t('account') },
              { key: 'metric', header: t('accountMetric') },
              { key: 'events', header: t('events30d'), align: 'right' },
            ]}
            rows={m.mappings.map((x) => ({
              id: x.companyId,
              account: x.accountName,
              metric: x.metricName ?? t('metricGone'),
              events: f.number(x.events30d),
            }))}
          />
          {m.unmappedAccounts.length > 0 && (
            <p className={styles.muted}>{t('unmapped', { accounts: m.unmappedAccounts.join(', ') })}</p>
          )}
        </section>
      ))}
    </DataState>
  )
}

export function PortfolioMetricsScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame
      portfolioId={portfolioId}
      title={t('metricsTitle')}
      actions={(p) => (
        <LinkButton variant="primary" href={withPortfolio('/portfolio/metrics/create', p)}>
          {t('createMetric')}
        </LinkButton>
      )}
    >
      {(p) => <Metrics portfolio={p} />}
    </PortfolioFrame>
  )
}
