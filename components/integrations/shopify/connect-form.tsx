'use client'
// Connect a shop: its domain, the custom app's Admin API access token and client secret. The
// server checks the token with the shop before storing anything; its field errors land on the
// field at fault.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { shopifyApi, type ShopifyStatus } from './shopify-api'
import styles from './shopify.module.css'

export function ConnectForm({ onConnected }: { onConnected: (s: ShopifyStatus) => void }) {
  const t = useTranslations('integrations.shopify')
  const [shop, setShop] = useState('')
  const [accessToken, setAccessToken] = useState('')
  const [clientSecret, setClientSecret] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const missing: Record<string, string> = {}
    if (!shop.trim()) missing.shop = t('shopRequired')
    if (!accessToken.trim()) missing.accessToken = t('tokenRequired')
    if (!clientSecret.trim()) missing.clientSecret = t('secretRequired')
    if (Object.keys(missing).length) return setErrors(missing)
    setBusy(true)
    setErrors({})
    try {
      onConnected(
        await shopifyApi.connect({
          shop: shop.trim(),
          accessToken: accessToken.trim(),
          clientSecret: clientSecret.trim(),
        }),
      )
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('connectError') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('connectTitle')}>
        <h2 className={styles.heading}>{t('connectTitle')}</h2>
        <p className={styles.muted}>{t('connectHelp')}</p>
        <TextField
          label={t('shop')}
          name="shop"
          value={shop}
          placeholder="my-shop.myshopify.com"
          required
          error={errors.shop}
          onChange={(e) => setShop(e.target.value)}
          autoComplete="off"
        />
        <TextField
          label={t('accessToken')}
          name="accessToken"
          type="password"
          value={accessToken}
          required
          error={errors.accessToken}
          hint={t('accessTokenHint')}
          onChange={(e) => setAccessToken(e.target.value)}
          autoComplete="off"
        />
        <TextField
          label={t('clientSecret')}
          name="clientSecret"
          type="password"
          value={clientSecret}
          required
          error={errors.clientSecret}
          hint={t('clientSecretHint')}
          onChange={(e) => setClientSecret(e.target.value)}
          autoComplete="off"
        />
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        <div className={styles.footer}>
          <Button type="submit" variant="primary" loading={busy} data-testid="shopify-connect">
            {t('connect')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
