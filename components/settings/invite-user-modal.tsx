'use client'
// Inviting someone: an email and a role. Server field errors (already a user, already invited,
// a role the viewer may not give) show under their field.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import { RoleSelect } from './role-select'
import styles from './account-users.module.css'

export function InviteUserModal({
  open,
  roles,
  onClose,
  onInvited,
}: {
  open: boolean
  roles: string[]
  onClose: () => void
  onInvited: (email: string) => void
}) {
  const t = useTranslations('accountUsers')
  const tc = useTranslations('common')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState('')
  const [errors, setErrors] = useState<{ email?: string; role?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)
  const chosen = role || roles.find((r) => r === 'analyst') || roles[0] || ''

  function close() {
    if (busy) return
    setEmail('')
    setRole('')
    setErrors({})
    onClose()
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!email.trim()) return setErrors({ email: t('emailRequired') })
    setBusy(true)
    setErrors({})
    try {
      await http.post('/ajax/account/users/create', { email: email.trim(), role: chosen })
      onInvited(email.trim())
      setBusy(false)
      setEmail('')
      setRole('')
      onClose()
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors({
        email: f.fieldErrors.email,
        role: f.fieldErrors.role,
        form: f.fieldErrors.email || f.fieldErrors.role ? undefined : (f.message ?? t('genericError')),
      })
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('inviteTitle')}
      onClose={busy ? undefined : close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {tc('cancel')}
          </Button>
          <Button variant="primary" type="submit" form="invite-user-form" loading={busy} data-testid="send-invite">
            {t('inviteSubmit')}
          </Button>
        </>
      }
    >
      <form id="invite-user-form" className={styles.stack} onSubmit={submit} noValidate>
        <p className={styles.roleHelp}>{t('inviteHelp')}</p>
        <TextField
          label={t('emailLabel')}
          name="email"
          type="email"
          autoComplete="off"
          required
          autoFocus
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            if (errors.email) setErrors({ ...errors, email: undefined })
          }}
          error={errors.email}
          data-testid="invite-email"
        />
        <RoleSelect roles={roles} value={chosen} onChange={setRole} error={errors.role} />
        {errors.form && <FormError>{errors.form}</FormError>}
      </form>
    </Modal>
  )
}
