'use client'
// /portfolio/billing: the family's usage this month: profiles and messages sent per account.
import { useFormatter, useTranslations } from 'next-intl'
import { Table } from '@/components/ui/table'
import { LinkButton } from '@/components/ui/button'
import { DataState, PortfolioFrame, withPortfolio } from './portfolio-frame'
import { usePortfolioData, type PortfolioSummary } from './portfolio-api'
import styles from './portfolio.module.css'

interface BillingData {
  from: string
  accounts: Array<{
    companyId: number
    name: string
    plan: string | null
    profiles: number
    emailSends: number
    smsSends: number
    otherSends: number
  }>
  totals: { profiles: number; emailSends: number; smsSends: number; otherSends: number }
}

function Billing({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const f = useFormatter()
  const { data, error } = usePortfolioData<BillingData>(portfolio.id, '/billing')
  const n = (x: number) => f.number(x)
  return (
    <DataState error={error} loading={!data}>
      {data && (
        <>
          <p className={styles.muted}>
            {t('billingSince', { date: f.dateTime(new Date(data.from), { dateStyle: 'long' }) })}
          </p>
          <Table
            caption={t('billingCaption')}
            empty={t('noAccounts')}
            columns={[
              { key: 'name', header: t('account') },
              { key: 'plan', header: t('plan') },
              { key: 'profiles', header: t('profiles'), align: 'right' },
              { key: 'email', header: t('emailSends'), align: 'right' },
              { key: 'sms', header: t('smsSends'), align: 'right' },
              { key: 'other', header: t('otherSends'), align: 'right' },
            ]}
            rows={[
              ...data.accounts.map((a) => ({
                id: a.companyId,
                name: a.name,
                plan: a.plan ?? '—',
                profiles: n(a.profiles),
                email: n(a.emailSends),
                sms: n(a.smsSends),
                other: n(a.otherSends),
              })),
              {
                id: 'total',
                name: <strong>{t('total')}</strong>,
                plan: '',
                profiles: n(data.totals.profiles),
                email: n(data.totals.emailSends),
                sms: n(data.totals.smsSends),
                other: n(data.totals.otherSends),
              },
            ]}
          />
        </>
      )}
    </DataState>
  )
}

export function PortfolioBillingScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame
      portfolioId={portfolioId}
      title={t('billingTitle')}
      actions={(p) => (
        <LinkButton variant="danger" href={withPortfolio('/portfolio/cancel', p)}>
          {t('cancelPortfolio')}
        </LinkButton>
      )}
    >
      {(p) => <Billing portfolio={p} />}
    </PortfolioFrame>
  )
}
