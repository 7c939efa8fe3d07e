'use client'
// /portfolio/users: who has which role in which account (accounts whose users the viewer may
// not read are marked so, not guessed).
import { useTranslations } from 'next-intl'
import { ROLE_LABELS, isRole } from '@/lib/auth/roles'
import { Table } from '@/components/ui/table'
import { DataState, PortfolioFrame } from './portfolio-frame'
import { usePortfolioData, type PortfolioSummary } from './portfolio-api'
import styles from './portfolio.module.css'

interface UsersData {
  accounts: Array<{ companyId: number; name: string; usersVisible: boolean }>
  users: Array<{ userId: number; email: string; name: string; roles: Record<string, string> }>
}

function Users({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const { data, error } = usePortfolioData<UsersData>(portfolio.id, '/users')
  const label = (r: string | undefined) => (r ? (isRole(r) ? ROLE_LABELS[r] : r) : '—')
  return (
    <DataState error={error} loading={!data}>
      {data && (
        <>
          <Table
            caption={t('usersCaption')}
            empty={t('noUsers')}
            columns={[
              { key: 'user', header: t('user') },
              ...data.accounts.map((a) => ({ key: `c${a.companyId}`, header: a.name })),
            ]}
            rows={data.users.map((u) => ({
              id: u.userId,
              user: u.name ? `${u.name} (${u.email})` : u.email,
              ...Object.fromEntries(
                data.accounts.map((a) => [
                  `c${a.companyId}`,
                  a.usersVisible ? label(u.roles[String(a.companyId)]) : t('hidden'),
                ]),
              ),
            }))}
          />
          {data.accounts.some((a) => !a.usersVisible) && <p className={styles.muted}>{t('hiddenHint')}</p>}
        </>
      )}
    </DataState>
  )
}

export function PortfolioUsersScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame portfolioId={portfolioId} title={t('usersTitle')}>
      {(p) => <Users portfolio={p} />}
    </PortfolioFrame>
  )
}
