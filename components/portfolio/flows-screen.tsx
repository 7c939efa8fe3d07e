'use client'
// /portfolio/flows: every account's flows with status, trigger and attributed revenue; a flow
// opens in its account (the session moves there first).
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { DataState, PortfolioFrame } from './portfolio-frame'
import { usePortfolioData, type PortfolioSummary } from './portfolio-api'
import { OpenInAccountLink } from './open-in-account-link'
import styles from './portfolio.module.css'

interface FlowsData {
  accounts: Array<{
    companyId: number
    name: string
    currency: string
    flows: Array<{ id: string; name: string; status: string; triggerType: string | null; revenue: number }>
  }>
}

function Flows({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const f = useFormatter()
  const { data, error } = usePortfolioData<FlowsData>(portfolio.id, '/flows')
  return (
    <DataState error={error} loading={!data}>
      {data?.accounts.length === 0 && <p className={styles.muted}>{t('noAccounts')}</p>}
      {data?.accounts.map((a) => (
        <section key={a.companyId} className={styles.section}>
          <h2>{a.name}</h2>
          <Table
            caption={t('flowsOf', { account: a.name })}
            empty={t('noFlows')}
            columns={[
              { key: 'name', header: t('flow') },
              { key: 'status', header: t('status') },
              { key: 'trigger', header: t('trigger') },
              { key: 'revenue', header: t('revenue'), align: 'right' },
            ]}
            rows={a.flows.map((fl) => ({
              id: fl.id,
              name: (
                <OpenInAccountLink companyId={a.companyId} href={`/flow/${encodeURIComponent(fl.id)}/edit`}>
                  {fl.name}
                </OpenInAccountLink>
              ),
              status: fl.status,
              trigger: fl.triggerType ?? '—',
              revenue: f.number(fl.revenue, { style: 'currency', currency: a.currency }),
            }))}
          />
        </section>
      ))}
    </DataState>
  )
}

export function PortfolioFlowsScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame portfolioId={portfolioId} title={t('flowsTitle')}>
      {(p) => <Flows portfolio={p} />}
    </PortfolioFrame>
  )
}
