'use client'
// Connect a store: its URL and a REST API consumer key and secret (read/write). The server checks
// the keys with the store before storing anything; its field errors land on the field at fault.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { wooApi, type WooStatus } from './woo-api'
import styles from './woocommerce.module.css'

export function WooConnectForm({ onConnected }: { onConnected: (s: WooStatus) => void }) {
  const t = useTranslations('integrations.woocommerce')
  const [v, setV] = useState({ storeUrl: '', consumerKey: '', consumerSecret: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const missing: Record<string, string> = {}
    if (!v.storeUrl.trim()) missing.storeUrl = t('storeUrlRequired')
    if (!v.consumerKey.trim()) missing.consumerKey = t('consumerKeyRequired')
    if (!v.consumerSecret.trim()) missing.consumerSecret = t('consumerSecretRequired')
    if (Object.keys(missing).length) return setErrors(missing)
    setBusy(true)
    setErrors({})
    try {
      onConnected(
        await wooApi.connect({
          storeUrl: v.storeUrl.trim(),
          consumerKey: v.consumerKey.trim(),
          consumerSecret: v.consumerSecret.trim(),
        }),
      )
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('connectError') })
    } finally {
      setBusy(false)
    }
  }

  const field = (name: keyof typeof v, type = 'text', placeholder?: string) => (
    <TextField
      label={t(name)}
      name={name}
      type={type}
      value={v[name]}
      placeholder={placeholder}
      required
      error={errors[name]}
      onChange={(e) => setV({ ...v, [name]: e.target.value })}
      autoComplete="off"
    />
  )
  return (
    <Card>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('connectTitle')}>
        <h2 className={styles.heading}>{t('connectTitle')}</h2>
        <p className={styles.muted}>{t('connectHelp')}</p>
        {field('storeUrl', 'url', 'https://shop.example.com')}
        {field('consumerKey', 'password', 'ck_…')}
        {field('consumerSecret', 'password', 'cs_…')}
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        <div className={styles.footer}>
          <Button type="submit" variant="primary" loading={busy} data-testid="woo-connect">
            {t('connect')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
