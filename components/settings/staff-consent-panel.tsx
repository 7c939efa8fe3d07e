'use client'
// Owners grant provider staff read-only access until the end of a chosen day, or revoke it.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { TextField } from '@/components/ui/text-field'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './settings.module.css'

export const CONSENT_KEY = '/ajax/consent/grant'
const MAX_DAYS = 30
const DAY_MS = 24 * 3600 * 1000

interface ConsentResponse {
  data: { expiresAt: string; grantedBy: string } | null
}

// The server reads a bare date as that UTC day, so the picker's bounds are UTC days too.
const utcDay = (d: Date) => d.toISOString().slice(0, 10)

export function StaffConsentPanel() {
  const t = useTranslations('consent')
  const format = useFormatter()
  const toast = useToast()
  const { data, error, isLoading, mutate } = useSWR(CONSENT_KEY, (url: string) =>
    http.get<ConsentResponse>(url).then((r) => r.data),
  )
  const [bounds] = useState(() => ({ min: utcDay(new Date()), max: utcDay(new Date(Date.now() + MAX_DAYS * DAY_MS)) }))
  const [day, setDay] = useState(() => utcDay(new Date(Date.now() + 7 * DAY_MS)))
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [pending, setPending] = useState<'grant' | 'revoke' | null>(null)

  const consent = data?.data ?? null
  const formatDay = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long', timeZone: 'UTC' })

  async function grant(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setFieldError(undefined)
    setPending('grant')
    try {
      const res = await http.post<ConsentResponse>(CONSENT_KEY, { expiresAt: day })
      await mutate(res.data, { revalidate: true })
      if (res.data.data)
        toast.show({ variant: 'success', content: t('grantedToast', { date: formatDay(res.data.data.expiresAt) }) })
    } catch (err) {
      const failure = readHttpFailure(err)
      if (failure.fieldErrors.expiresAt) setFieldError(failure.fieldErrors.expiresAt)
      else toast.show({ variant: 'error', content: t('saveError') })
    } finally {
      setPending(null)
    }
  }

  async function revoke() {
    setPending('revoke')
    try {
      await http.delete(CONSENT_KEY)
      await mutate({ data: null }, { revalidate: true })
      toast.show({ variant: 'success', content: t('revokedToast') })
    } catch {
      toast.show({ variant: 'error', content: t('saveError') })
    } finally {
      setPending(null)
    }
  }

  return (
    <Card title={t('title')}>
      <div className={styles.stack}>
        <p className={styles.description}>{t('description')}</p>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {!isLoading && !error && (
          <div className={styles.status} data-testid="consent-status">
            {consent ? (
              <>
                <span>{t('active', { date: formatDay(consent.expiresAt) })}</span>
                {consent.grantedBy && (
                  <span className={styles.statusMuted}>{t('grantedBy', { name: consent.grantedBy })}</span>
                )}
              </>
            ) : (
              <span className={styles.statusMuted}>{t('none')}</span>
            )}
          </div>
        )}
        <form className={styles.grantRow} onSubmit={grant} noValidate>
          <TextField
            className={styles.dateField}
            label={t('untilLabel')}
            name="expiresAt"
            type="date"
            required
            min={bounds.min}
            max={bounds.max}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            hint={t('untilHint')}
            error={fieldError}
          />
          <Button type="submit" variant="primary" loading={pending === 'grant'} disabled={pending !== null || !day}>
            {consent ? t('update') : t('grant')}
          </Button>
          {consent && (
            <Button variant="danger" onClick={revoke} loading={pending === 'revoke'} disabled={pending !== null}>
              {t('revoke')}
            </Button>
          )}
        </form>
      </div>
    </Card>
  )
}
