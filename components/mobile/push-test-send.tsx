'use client'
// "Send test" of the push editor: find a profile (email, id or external id), pick one of its
// registered devices, and send the saved message rendered for that profile to it.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { testDevicesOf } from '@/lib/mobile/send-test-push'
import styles from './mobile-editor.module.css'

type Devices = Awaited<ReturnType<typeof testDevicesOf>>
type Result = { ok: true; provider: string; id: string } | { ok: false; kind: string; error: string }

export function PushTestSend(props: { messageId: string; canSend: boolean; onProfile: (id: string) => void }) {
  const t = useTranslations('pushEditor')
  const [q, setQ] = useState('')
  const [found, setFound] = useState<Devices | null>(null)
  const [tokenId, setTokenId] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<Result | null>(null)

  async function find(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setError(null)
    setResult(null)
    try {
      const d = (await http.get<Devices>(`/ajax/push/test-devices?q=${encodeURIComponent(q)}`)).data
      setFound(d)
      setTokenId(d.devices[0]?.id ?? '')
      if (d.profile) props.onProfile(d.profile.id)
    } catch (err) {
      setError(readHttpFailure(err).message ?? t('testError'))
    }
  }

  async function send() {
    if (!found?.profile) return
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      const url = `/ajax/push/messages/${encodeURIComponent(props.messageId)}/send-test`
      setResult((await http.post<Result>(url, { profileId: found.profile.id, tokenId })).data)
    } catch (err) {
      const f = readHttpFailure(err)
      setError(Object.values(f.fieldErrors)[0] ?? f.message ?? t('testError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t('testTitle')}>
      <div className={styles.form}>
        <p className={styles.help}>{t('testHelp')}</p>
        <form className={styles.row} onSubmit={find} noValidate>
          <TextField
            label={t('testProfile')}
            name="profileLookup"
            value={q}
            autoComplete="off"
            onChange={(e) => setQ(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('testFind')}
          </Button>
        </form>
        {found && !found.profile && <p className={styles.help}>{t('testNoProfile')}</p>}
        {found?.profile && !found.devices.length && <p className={styles.help}>{t('testNoDevices')}</p>}
        {found?.profile && found.devices.length > 0 && (
          <div className={styles.row}>
            <Select
              label={t('testDevice')}
              name="tokenId"
              value={tokenId}
              options={found.devices.map((d) => ({
                value: d.id,
                label: t('testDeviceOption', {
                  platform: d.platform,
                  vendor: d.vendor.toUpperCase(),
                  model: d.model || '—',
                  end: d.tokenEnd,
                }),
              }))}
              onChange={(e) => setTokenId(e.target.value)}
            />
            <Button
              variant="primary"
              loading={busy}
              disabled={!props.canSend}
              onClick={() => void send()}
              data-testid="send-test-push"
            >
              {t('testSend')}
            </Button>
          </div>
        )}
        {error && <FormError>{error}</FormError>}
        {result &&
          (result.ok ? (
            <Notification variant="success">
              {t('testSent', { provider: result.provider.toUpperCase(), id: result.id })}
            </Notification>
          ) : (
            <Notification variant="error">
              {t(result.kind === 'invalid_token' ? 'testInvalidToken' : 'testFailed', { error: result.error })}
            </Notification>
          ))}
      </div>
    </Card>
  )
}
