'use client'
// The organization's logo on /settings/account/organization: shown on the hosted unsubscribe,
// preference and web-view pages and offered to new email templates.
import { useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './organization.module.css'
import screen from '@/components/ui/form-screen.module.css'

export function OrganizationLogoCard({
  name,
  logoUrl,
  canEdit,
  onChange,
}: {
  name: string
  logoUrl: string | null
  canEdit: boolean
  onChange: (logoUrl: string | null) => void
}) {
  const t = useTranslations('organization')
  const toast = useToast()
  const input = useRef<HTMLInputElement>(null)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState('')

  async function upload(file: File | undefined) {
    if (!file) return
    setPending(true)
    setError('')
    try {
      const form = new FormData()
      form.append('logo', file)
      const res = await http.post<{ logoUrl: string }>('/ajax/account/organization/logo', form)
      onChange(res.data.logoUrl)
      toast.show({ variant: 'success', content: t('logoSaved') })
    } catch (err) {
      const f = readHttpFailure(err)
      setError(f.fieldErrors.logo ?? f.message ?? t('saveError'))
    } finally {
      setPending(false)
      if (input.current) input.current.value = ''
    }
  }
  async function remove() {
    setPending(true)
    setError('')
    try {
      await http.delete('/ajax/account/organization/logo')
      onChange(null)
    } catch (err) {
      setError(readHttpFailure(err).message ?? t('saveError'))
    } finally {
      setPending(false)
    }
  }

  // Shown from this origin: the stored URL is absolute (APP_URL) for emails and hosted pages.
  const src = logoUrl?.replace(/^https?:\/\/[^/]+(?=\/media\/images\/)/, '') ?? null

  return (
    <Card title={t('logoTitle')}>
      <div className={styles.logoRow}>
        <div className={styles.logoFrame} data-testid="org-logo-preview">
          {src ? (
            // eslint-disable-next-line @next/next/no-img-element -- an uploaded image of any size, served by our own route
            <img src={src} alt={t('logoAlt', { name })} className={styles.logoImage} />
          ) : (
            <span className={styles.logoEmpty}>{t('logoNone')}</span>
          )}
        </div>
        {canEdit && (
          <div className={styles.logoActions}>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              aria-label={t('logoUpload')}
              data-testid="org-logo-input"
              onChange={(e) => upload(e.target.files?.[0])}
            />
            <Button loading={pending} onClick={() => input.current?.click()}>
              {logoUrl ? t('logoReplace') : t('logoUpload')}
            </Button>
            {logoUrl && (
              <Button variant="tertiary" disabled={pending} onClick={remove}>
                {t('logoRemove')}
              </Button>
            )}
          </div>
        )}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={screen.help}>{t('logoHint')}</p>
    </Card>
  )
}
