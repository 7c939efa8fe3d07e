'use client'
// /portfolio/dashboard: each account's key figures for a period side by side (revenue
// attributed, sends, list growth, profiles, deliverability), with the portfolio's totals.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { LinkButton } from '@/components/ui/button'
import type { PortfolioDashboardResponse } from '@/app/ajax/portfolio/[portfolioId]/dashboard/route'
import { DataState, PortfolioFrame, withPortfolio } from './portfolio-frame'
import { usePortfolioData, type PortfolioSummary } from './portfolio-api'
import styles from './portfolio.module.css'

export const PERIODS = [7, 30, 90, 365]

function Dashboard({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const f = useFormatter()
  const [days, setDays] = useState(30)
  const { data, error } = usePortfolioData<PortfolioDashboardResponse>(portfolio.id, `/dashboard?days=${days}`)
  const pct = (x: number) => f.number(x, { style: 'percent', maximumFractionDigits: 1 })
  const money = (v: number, currency: string) => f.number(v, { style: 'currency', currency })
  return (
    <>
      <div className={styles.toolbar}>
        <Select
          name="days"
          label={t('period')}
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
          options={PERIODS.map((d) => ({ value: String(d), label: t('lastDays', { days: d }) }))}
        />
      </div>
      <DataState error={error} loading={!data}>
        {data && data.accounts.length === 0 ? (
          <p className={styles.muted}>{t('noAccounts')}</p>
        ) : data ? (
          <>
            <dl className={styles.totals} data-testid="portfolio-totals">
              <div className={styles.total}>
                <dt>{t('revenue')}</dt>
                <dd>
                  {Object.entries(data.totals.revenueByCurrency)
                    .map(([c, v]) => money(v, c))
                    .join(' · ') || money(0, 'USD')}
                </dd>
              </div>
              <div className={styles.total}>
                <dt>{t('sends')}</dt>
                <dd>{f.number(data.totals.sends)}</dd>
              </div>
              <div className={styles.total}>
                <dt>{t('listGrowth')}</dt>
                <dd>{f.number(data.totals.listNet, { signDisplay: 'exceptZero' })}</dd>
              </div>
              <div className={styles.total}>
                <dt>{t('profiles')}</dt>
                <dd>{f.number(data.totals.profiles)}</dd>
              </div>
              <div className={styles.total}>
                <dt>{t('deliveryRate')}</dt>
                <dd>{pct(data.totals.deliveryRate)}</dd>
              </div>
              <div className={styles.total}>
                <dt>{t('bounceRate')}</dt>
                <dd>{pct(data.totals.bounceRate)}</dd>
              </div>
            </dl>
            <Table
              caption={t('figuresCaption')}
              columns={[
                { key: 'name', header: t('account') },
                { key: 'revenue', header: t('revenue'), align: 'right' },
                { key: 'sends', header: t('sends'), align: 'right' },
                { key: 'growth', header: t('listGrowth'), align: 'right' },
                { key: 'profiles', header: t('profiles'), align: 'right' },
                { key: 'delivery', header: t('deliveryRate'), align: 'right' },
                { key: 'bounce', header: t('bounceRate'), align: 'right' },
                { key: 'spam', header: t('spamRate'), align: 'right' },
                { key: 'unsub', header: t('unsubscribeRate'), align: 'right' },
              ]}
              rows={data.accounts.map((a) => ({
                id: a.companyId,
                name: a.name,
                revenue: money(a.figures.revenue, a.currency),
                sends: f.number(a.figures.sends.total),
                growth: t('growthCell', {
                  net: f.number(a.figures.listGrowth.net, { signDisplay: 'exceptZero' }),
                  joined: a.figures.listGrowth.joined,
                  left: a.figures.listGrowth.left,
                }),
                profiles: f.number(a.figures.profiles),
                delivery: pct(a.figures.rates.deliveryRate),
                bounce: pct(a.figures.rates.bounceRate),
                spam: pct(a.figures.rates.spamRate),
                unsub: pct(a.figures.rates.unsubscribeRate),
              }))}
            />
          </>
        ) : null}
      </DataState>
    </>
  )
}

export function PortfolioDashboardScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame
      portfolioId={portfolioId}
      title={t('dashboardTitle')}
      actions={(p) => (
        <LinkButton href={withPortfolio('/portfolio/dashboard/downloads', p)}>{t('downloads')}</LinkButton>
      )}
    >
      {(p) => <Dashboard portfolio={p} />}
    </PortfolioFrame>
  )
}
