'use client'
// Two-factor sign-in on the security screen: my own status (turn on through /configure-mfa,
// turn off with the password) and, for owners, requiring it for everyone (two_step_required).
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './settings.module.css'

interface Status {
  enabled: boolean
  requiredByCompany: boolean
  backupCodesLeft: number
}

export function MfaPanel({ isOwner }: { isOwner: boolean }) {
  const t = useTranslations('securityMfa')
  const toast = useToast()
  const { data, mutate } = useSWR('/ajax/account/mfa/status', (u: string) => http.get<Status>(u).then((r) => r.data))
  const [disabling, setDisabling] = useState(false)
  const [password, setPassword] = useState('')
  const [pwError, setPwError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)

  async function turnOff() {
    setPending(true)
    setPwError(undefined)
    try {
      await http.post('/ajax/account/mfa/disable', { password })
      setDisabling(false)
      setPassword('')
      toast.show({ variant: 'success', content: t('turnedOff') })
      await mutate()
    } catch (err) {
      const f = readHttpFailure(err)
      if (f.fieldErrors.password) setPwError(f.fieldErrors.password)
      else toast.show({ variant: 'error', content: f.message ?? t('saveError') })
    } finally {
      setPending(false)
    }
  }

  async function setRequired(required: boolean) {
    setPending(true)
    try {
      await http.post('/ajax/account/multi-factor/toggle', { two_step_required: required })
      toast.show({ variant: 'success', content: required ? t('requiredOn') : t('requiredOff') })
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
    } finally {
      setPending(false)
    }
  }

  if (!data) return null
  return (
    <Card
      title={t('title')}
      actions={data.enabled ? <Badge variant="success">{t('on')}</Badge> : <Badge>{t('off')}</Badge>}
    >
      <div className={styles.stack} data-testid="mfa-panel">
        <p className={styles.description}>{t('description')}</p>
        {data.enabled && <p className={styles.description}>{t('backupLeft', { count: data.backupCodesLeft })}</p>}
        {!data.enabled && (
          <div>
            <LinkButton href="/configure-mfa" variant="primary">
              {t('turnOn')}
            </LinkButton>
          </div>
        )}
        {/* A new authenticator and new backup codes; /configure-mfa asks for the password first. */}
        {data.enabled && !disabling && (
          <div>
            <LinkButton href="/configure-mfa">{t('setUpAgain')}</LinkButton>
          </div>
        )}
        {data.enabled && !data.requiredByCompany && !disabling && (
          <div>
            <Button onClick={() => setDisabling(true)}>{t('turnOff')}</Button>
          </div>
        )}
        {data.enabled && !data.requiredByCompany && disabling && (
          <div className={styles.grantRow}>
            <TextField
              label={t('password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={pwError}
            />
            <Button variant="danger" loading={pending} onClick={turnOff}>
              {t('confirmTurnOff')}
            </Button>
            <Button variant="tertiary" onClick={() => setDisabling(false)}>
              {t('cancel')}
            </Button>
          </div>
        )}
        {data.requiredByCompany && (
          <Notification variant="info" title={t('requiredTitle')}>
            {t('requiredBody')}
          </Notification>
        )}
        {isOwner && (
          <div>
            <Button loading={pending} onClick={() => setRequired(!data.requiredByCompany)}>
              {data.requiredByCompany ? t('stopRequiring') : t('requireForEveryone')}
            </Button>
          </div>
        )}
      </div>
    </Card>
  )
}
