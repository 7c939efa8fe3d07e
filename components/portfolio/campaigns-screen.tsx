'use client'
// /portfolio/campaigns: every account's recent campaigns with status and figures; a campaign
// opens in its account (the session moves there first).
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { DataState, PortfolioFrame } from './portfolio-frame'
import { usePortfolioData, type PortfolioSummary } from './portfolio-api'
import { OpenInAccountLink } from './open-in-account-link'
import styles from './portfolio.module.css'

interface CampaignsData {
  accounts: Array<{
    companyId: number
    name: string
    currency: string
    campaigns: Array<{
      id: string
      name: string
      channel: string
      status: string
      sentAt: string | null
      recipients: number
      revenue: number
      conversions: number
    }>
  }>
}

// A draft opens in the wizard; anything that went out opens on its report.
const campaignHref = (c: { id: string; status: string }) =>
  c.status === 'Draft'
    ? `/campaign/${encodeURIComponent(c.id)}/wizard`
    : `/campaign/${encodeURIComponent(c.id)}/reports/overview`

function Campaigns({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const f = useFormatter()
  const { data, error } = usePortfolioData<CampaignsData>(portfolio.id, '/campaigns')
  return (
    <DataState error={error} loading={!data}>
      {data?.accounts.length === 0 && <p className={styles.muted}>{t('noAccounts')}</p>}
      {data?.accounts.map((a) => (
        <section key={a.companyId} className={styles.section}>
          <h2>{a.name}</h2>
          <Table
            caption={t('campaignsOf', { account: a.name })}
            empty={t('noCampaigns')}
            columns={[
              { key: 'name', header: t('campaign') },
              { key: 'status', header: t('status') },
              { key: 'sentAt', header: t('sentAt') },
              { key: 'recipients', header: t('recipients'), align: 'right' },
              { key: 'revenue', header: t('revenue'), align: 'right' },
            ]}
            rows={a.campaigns.map((c) => ({
              id: c.id,
              name: (
                <OpenInAccountLink companyId={a.companyId} href={campaignHref(c)}>
                  {c.name}
                </OpenInAccountLink>
              ),
              status: c.status,
              sentAt: c.sentAt ? f.dateTime(new Date(c.sentAt), { dateStyle: 'medium' }) : '—',
              recipients: f.number(c.recipients),
              revenue: f.number(c.revenue, { style: 'currency', currency: a.currency }),
            }))}
          />
        </section>
      ))}
    </DataState>
  )
}

export function PortfolioCampaignsScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame portfolioId={portfolioId} title={t('campaignsTitle')}>
      {(p) => <Campaigns portfolio={p} />}
    </PortfolioFrame>
  )
}
