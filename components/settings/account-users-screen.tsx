'use client'
// /settings/account/users: the account's users with role, status (invited, active) and last
// sign-in; inviting by email with a role, resending invitations, changing a role and removing a
// user, each confirmed. Buttons follow what the server says the viewer may do to each row.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import { InviteUserModal } from './invite-user-modal'
import { RoleSelect } from './role-select'
import { ACCOUNT_USERS_KEY, type AccountUserRow, type ListAccountUsersResponse } from './account-users-types'
import styles from './account-users.module.css'
import screen from '@/components/ui/form-screen.module.css'

type Pending = { kind: 'role' | 'remove'; user: AccountUserRow }

export function AccountUsersScreen() {
  const t = useTranslations('accountUsers')
  const tc = useTranslations('common')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('account_users_write')
  const { data, error, isLoading, mutate } = useSWR(ACCOUNT_USERS_KEY, (url: string) =>
    http.get<ListAccountUsersResponse>(url).then((r) => r.data),
  )
  const [inviting, setInviting] = useState(false)
  const [pending, setPending] = useState<Pending | null>(null)
  const [newRole, setNewRole] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const roles = data?.assignableRoles ?? []
  const roleName = (r: string) => (t.has(`roles.${r}`) ? t(`roles.${r}`) : r)
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })

  function open(kind: Pending['kind'], user: AccountUserRow) {
    setActionError(null)
    setNewRole(user.role)
    setPending({ kind, user })
  }

  async function confirm() {
    if (!pending) return
    setBusy('confirm')
    setActionError(null)
    try {
      if (pending.kind === 'role') {
        await http.post('/ajax/account/users/modify', { email: pending.user.email, role: newRole })
        toast.show({
          variant: 'success',
          content: t('roleChangedToast', { email: pending.user.email, role: roleName(newRole) }),
        })
      } else {
        await http.post('/ajax/account/users/delete', { email: pending.user.email })
        toast.show({
          variant: 'success',
          content: t(pending.user.status === 'invited' ? 'invitationWithdrawnToast' : 'removedToast', {
            email: pending.user.email,
          }),
        })
      }
      setPending(null)
      await mutate()
    } catch (err) {
      const f = readHttpFailure(err)
      setActionError(f.fieldErrors.role ?? f.fieldErrors.email ?? f.message ?? t('genericError'))
    } finally {
      setBusy(null)
    }
  }

  async function resend(user: AccountUserRow) {
    setBusy(`resend:${user.email}`)
    try {
      await http.post('/ajax/account/users/resend-invites', { emails: [user.email] })
      toast.show({ variant: 'success', content: t('resentToast', { email: user.email }) })
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('genericError') })
    } finally {
      setBusy(null)
    }
  }

  const inviteButton = canWrite && roles.length > 0 && (
    <Button variant="primary" onClick={() => setInviting(true)} data-testid="invite-user">
      {t('invite')}
    </Button>
  )

  let body
  if (error) {
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  } else if (isLoading || !data) {
    body = (
      <div className={screen.loading}>
        <Spinner size="large" />
      </div>
    )
  } else {
    const showActions = data.users.some((u) => u.canChangeRole || u.canRemove)
    const label = (key: string) => <span className={styles.cellLabel}>{key}</span>
    body = (
      <div className={styles.users} data-testid="account-users">
        <Table
          caption={t('tableCaption')}
          columns={[
            { key: 'user', header: t('columnUser') },
            { key: 'role', header: t('columnRole') },
            { key: 'status', header: t('columnStatus') },
            { key: 'lastLogin', header: t('columnLastLogin') },
            ...(showActions
              ? [
                  {
                    key: 'actions',
                    header: <span className="visually-hidden">{t('columnActions')}</span>,
                    align: 'right' as const,
                  },
                ]
              : []),
          ]}
          rows={data.users.map((u) => {
            const name = [u.firstName, u.lastName].filter(Boolean).join(' ')
            return {
              id: u.email,
              user: (
                <>
                  <span className={styles.name}>
                    {name || u.email}
                    {u.isCurrentUser && ` ${t('you')}`}
                  </span>
                  {name && <span className={styles.muted}>{u.email}</span>}
                </>
              ),
              role: (
                <>
                  {label(t('columnRole'))}
                  {roleName(u.role)}
                </>
              ),
              status:
                u.status === 'active' ? (
                  <Badge variant="success">{t('statusActive')}</Badge>
                ) : (
                  <>
                    <Badge variant={u.invitationExpired ? 'warning' : 'info'}>
                      {u.invitationExpired ? t('statusExpired') : t('statusInvited')}
                    </Badge>
                    {u.invitedAt && <span className={styles.muted}>{t('invitedOn', { date: when(u.invitedAt) })}</span>}
                  </>
                ),
              lastLogin: (
                <>
                  {label(t('columnLastLogin'))}
                  {u.lastLoginAt ? when(u.lastLoginAt) : <span className={styles.never}>{t('never')}</span>}
                </>
              ),
              actions: (
                <span className={styles.actions}>
                  {u.status === 'invited' && u.canRemove && (
                    <Button
                      size="small"
                      onClick={() => resend(u)}
                      loading={busy === `resend:${u.email}`}
                      data-testid={`resend-${u.email}`}
                    >
                      {t('resend')}
                    </Button>
                  )}
                  {u.canChangeRole && (
                    <Button size="small" onClick={() => open('role', u)} data-testid={`change-role-${u.email}`}>
                      {t('changeRole')}
                    </Button>
                  )}
                  {u.canRemove && (
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => open('remove', u)}
                      data-testid={`remove-${u.email}`}
                    >
                      {u.status === 'invited' ? t('withdraw') : t('remove')}
                    </Button>
                  )}
                </span>
              ),
            }
          })}
        />
      </div>
    )
  }

  const p = pending
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={inviteButton || undefined} />
      <PageBody>
        {body}
        <InviteUserModal
          open={inviting}
          roles={roles}
          onClose={() => setInviting(false)}
          onInvited={(email) => {
            toast.show({ variant: 'success', content: t('invitedToast', { email }) })
            void mutate()
          }}
        />
        <Modal
          open={!!p}
          title={
            p?.kind === 'role'
              ? t('changeRoleTitle')
              : p?.user.status === 'invited'
                ? t('withdrawTitle')
                : t('removeTitle')
          }
          onClose={busy ? undefined : () => setPending(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setPending(null)} disabled={!!busy}>
                {tc('cancel')}
              </Button>
              <Button
                variant={p?.kind === 'remove' ? 'danger' : 'primary'}
                onClick={confirm}
                loading={busy === 'confirm'}
                disabled={p?.kind === 'role' && newRole === p.user.role}
                data-testid="confirm-user-action"
              >
                {p?.kind === 'role'
                  ? t('changeRoleConfirm')
                  : p?.user.status === 'invited'
                    ? t('withdraw')
                    : t('remove')}
              </Button>
            </>
          }
        >
          {p?.kind === 'role' && (
            <div className={styles.stack}>
              <p>{t('changeRoleBody', { email: p.user.email, role: roleName(p.user.role) })}</p>
              <RoleSelect roles={roles} value={newRole} onChange={setNewRole} />
            </div>
          )}
          {p?.kind === 'remove' && (
            <p>
              {p.user.status === 'invited'
                ? t('withdrawBody', { email: p.user.email })
                : t('removeBody', { email: p.user.email })}
            </p>
          )}
          {actionError && <FormError>{actionError}</FormError>}
        </Modal>
      </PageBody>
    </Page>
  )
}
