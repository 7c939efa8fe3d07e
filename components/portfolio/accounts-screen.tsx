'use client'
// /portfolio/accounts: the portfolio's accounts (remove), the user's other accounts (add), and
// an invitation into one of the accounts through that account's own invitation path.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { ROLES, ROLE_LABELS, isRole } from '@/lib/auth/roles'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { DataState, PortfolioFrame } from './portfolio-frame'
import { portfolioUrl, send, usePortfolioData, type MemberAccount, type PortfolioSummary } from './portfolio-api'
import styles from './portfolio.module.css'

interface AccountsData {
  accounts: MemberAccount[]
  candidates: MemberAccount[]
}
type Problem = { message?: string; fieldErrors?: Record<string, string[]> } | null

const problemOf = (e: unknown): Problem => (isHttpError(e) ? (e.data as Problem) : { message: String(e) })

function Accounts({ portfolio }: { portfolio: PortfolioSummary }) {
  const t = useTranslations('portfolio')
  const { data, error, mutate } = usePortfolioData<AccountsData>(portfolio.id, '/accounts')
  const [adding, setAdding] = useState('')
  const [problem, setProblem] = useState<Problem>(null)
  const [invite, setInvite] = useState({ companyId: '', email: '', role: 'manager' })
  const [inviteProblem, setInviteProblem] = useState<Problem>(null)
  const [invited, setInvited] = useState<string | null>(null)

  async function run(action: () => Promise<AccountsData>) {
    setProblem(null)
    try {
      await mutate(await action(), { revalidate: false })
    } catch (e) {
      setProblem(problemOf(e))
    }
  }

  async function sendInvite(e: React.FormEvent) {
    e.preventDefault()
    setInviteProblem(null)
    setInvited(null)
    try {
      await send.post(portfolioUrl(portfolio.id, '/invite'), { ...invite, companyId: Number(invite.companyId) })
      setInvited(invite.email)
      setInvite({ ...invite, email: '' })
    } catch (err) {
      setInviteProblem(problemOf(err))
    }
  }

  return (
    <DataState error={error} loading={!data}>
      {data && (
        <>
          {problem && <Notification variant="error" title={problem.message ?? t('actionFailed')} />}
          <section className={styles.section}>
            <Table
              caption={t('accountsCaption')}
              columns={[
                { key: 'name', header: t('account') },
                { key: 'role', header: t('yourRole') },
                { key: 'actions', header: <span className="visually-hidden">{t('actions')}</span>, align: 'right' },
              ]}
              empty={t('noAccounts')}
              rows={data.accounts.map((a) => ({
                id: a.companyId,
                name: a.name,
                role: isRole(a.role) ? ROLE_LABELS[a.role] : a.role,
                actions: (
                  <Button
                    size="small"
                    variant="tertiary"
                    onClick={() =>
                      run(() => send.delete<AccountsData>(portfolioUrl(portfolio.id, `/accounts/${a.companyId}`)))
                    }
                  >
                    {t('remove')}
                  </Button>
                ),
              }))}
            />
          </section>
          <section className={styles.section}>
            <h2>{t('addAccount')}</h2>
            {data.candidates.length === 0 ? (
              <p className={styles.muted}>{t('noCandidates')}</p>
            ) : (
              <div className={styles.toolbar}>
                <Select
                  name="companyId"
                  label={t('account')}
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                  options={[
                    { value: '', label: t('choose') },
                    ...data.candidates.map((c) => ({ value: String(c.companyId), label: c.name })),
                  ]}
                />
                <Button
                  variant="primary"
                  disabled={!adding}
                  onClick={() =>
                    run(() =>
                      send.post<AccountsData>(portfolioUrl(portfolio.id, '/accounts'), { companyId: Number(adding) }),
                    ).then(() => setAdding(''))
                  }
                >
                  {t('add')}
                </Button>
              </div>
            )}
            <p className={styles.muted}>{t('notMemberHint')}</p>
          </section>
          <section className={styles.section}>
            <h2>{t('inviteTitle')}</h2>
            <form className={styles.form} noValidate onSubmit={sendInvite}>
              {inviteProblem && <Notification variant="error" title={inviteProblem.message ?? t('actionFailed')} />}
              {invited && <Notification variant="success" title={t('invited', { email: invited })} />}
              <Select
                name="inviteCompanyId"
                label={t('account')}
                value={invite.companyId}
                error={inviteProblem?.fieldErrors?.companyId?.[0]}
                onChange={(e) => setInvite({ ...invite, companyId: e.target.value })}
                options={[
                  { value: '', label: t('choose') },
                  ...data.accounts.map((c) => ({ value: String(c.companyId), label: c.name })),
                ]}
              />
              <TextField
                name="email"
                type="email"
                label={t('email')}
                value={invite.email}
                error={inviteProblem?.fieldErrors?.email?.[0]}
                onChange={(e) => setInvite({ ...invite, email: e.target.value })}
              />
              <Select
                name="role"
                label={t('role')}
                value={invite.role}
                error={inviteProblem?.fieldErrors?.role?.[0]}
                onChange={(e) => setInvite({ ...invite, role: e.target.value })}
                options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              />
              <div className={styles.row}>
                <Button type="submit" variant="primary">
                  {t('sendInvite')}
                </Button>
              </div>
            </form>
          </section>
        </>
      )}
    </DataState>
  )
}

export function PortfolioAccountsScreen({ portfolioId }: { portfolioId?: number }) {
  const t = useTranslations('portfolio')
  return (
    <PortfolioFrame portfolioId={portfolioId} title={t('accountsTitle')}>
      {(p) => <Accounts portfolio={p} />}
    </PortfolioFrame>
  )
}
