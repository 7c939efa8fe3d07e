'use client'
// The direct APNs key on /settings/push-notifications: key id, team id, bundle id, environment
// and the .p8 file (read in the browser, checked and sealed on the server). With it, iOS tokens
// the SDK registered with APNs are sent to Apple directly; without it only FCM tokens are sent.
import { useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { ApnsSettingsView } from '@/lib/messaging/push/apns-settings'
import styles from './mobile-editor.module.css'

export function ApnsKeyCard(props: { apns: ApnsSettingsView; canEdit: boolean; onChange: () => void }) {
  const t = useTranslations('apnsKey')
  const toast = useToast()
  const a = props.apns
  const file = useRef<HTMLInputElement>(null)
  const [form, setForm] = useState({
    keyId: a.keyId ?? '',
    teamId: a.teamId ?? '',
    bundleId: a.bundleId ?? '',
    environment: a.environment ?? 'production',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function save() {
    setBusy(true)
    setErrors({})
    try {
      const privateKey = (await file.current?.files?.[0]?.text()) ?? ''
      await http.put('/ajax/push/apns', { ...form, privateKey })
      toast.show({ variant: 'success', content: t('saved') })
      props.onChange()
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    try {
      await http.delete('/ajax/push/apns')
      props.onChange()
    } catch {
      toast.show({ variant: 'error', content: t('saveError') })
    }
  }

  return (
    <Card
      title={t('title')}
      actions={a.configured ? <Badge variant="success">{t('configured')}</Badge> : <Badge>{t('notConfigured')}</Badge>}
    >
      <fieldset disabled={!props.canEdit} className={styles.form} data-testid="apns-key-form">
        <p className={styles.help}>{t('help')}</p>
        <div className={styles.grid}>
          <TextField
            label={t('keyId')}
            name="keyId"
            value={form.keyId}
            error={errors.keyId}
            onChange={(e) => setForm({ ...form, keyId: e.target.value })}
          />
          <TextField
            label={t('teamId')}
            name="teamId"
            value={form.teamId}
            error={errors.teamId}
            onChange={(e) => setForm({ ...form, teamId: e.target.value })}
          />
          <TextField
            label={t('bundleId')}
            name="bundleId"
            value={form.bundleId}
            error={errors.bundleId}
            placeholder="com.example.shop"
            onChange={(e) => setForm({ ...form, bundleId: e.target.value })}
          />
          <Select
            label={t('environment')}
            name="environment"
            value={form.environment}
            options={[
              { value: 'production', label: t('production') },
              { value: 'sandbox', label: t('sandbox') },
            ]}
            onChange={(e) => setForm({ ...form, environment: e.target.value as 'production' | 'sandbox' })}
          />
        </div>
        <label className={styles.label} htmlFor="apns-key-file">
          {t('keyFile')}
        </label>
        <input id="apns-key-file" ref={file} type="file" accept=".p8" />
        {errors.privateKey && <span className={styles.fieldError}>{errors.privateKey}</span>}
        <div className={styles.actions}>
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            {t('save')}
          </Button>
          {a.configured && (
            <Button variant="danger" onClick={() => void remove()}>
              {t('remove')}
            </Button>
          )}
        </div>
        {errors._form && <FormError>{errors._form}</FormError>}
      </fieldset>
    </Card>
  )
}
