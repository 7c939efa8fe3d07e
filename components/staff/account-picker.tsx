'use client'
// The account a staff tool works on: looked up by id, name or a member's e-mail, kept in ?account=
// so the page can be reloaded and shared. Consent shows beside each account.
import { useState } from 'react'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { errorText, staffGet } from './staff-api'
import styles from './staff.module.css'

interface Account {
  id: number
  name: string
  consentUntil: string | null
}

export function useStaffAccount(): number | null {
  const id = Number(useSearchParams().get('account'))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export function AccountPicker() {
  const t = useTranslations('staff')
  const format = useFormatter()
  const router = useRouter()
  const pathname = usePathname()
  const current = useStaffAccount()
  const [q, setQ] = useState('')
  const [found, setFound] = useState<Account[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function search(e: React.FormEvent) {
    e.preventDefault()
    if (!q.trim()) return
    setBusy(true)
    setError(null)
    try {
      const r = await staffGet<{ accounts: Account[] }>(`/ajax/staff/accounts?q=${encodeURIComponent(q.trim())}`)
      setFound(r.accounts)
    } catch (err) {
      setError(errorText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.stack}>
      <form className={styles.row} onSubmit={search} role="search">
        <TextField
          className={styles.grow}
          name="account"
          label={t('lookupLabel')}
          hint={t('lookupHint')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Button type="submit" loading={busy}>
          {t('lookup')}
        </Button>
      </form>
      {error && <Notification variant="error">{error}</Notification>}
      {found && found.length === 0 && <p className={styles.muted}>{t('noAccounts')}</p>}
      {found && found.length > 0 && (
        <ul className={styles.stack} aria-label={t('results')}>
          {found.map((a) => (
            <li key={a.id} className={styles.row}>
              <Button
                size="small"
                variant={a.id === current ? 'primary' : 'secondary'}
                onClick={() => router.replace(`${pathname}?account=${a.id}`)}
              >
                {t('choose', { name: a.name, id: a.id })}
              </Button>
              {a.consentUntil ? (
                <Badge variant="success">
                  {t('consentUntil', { date: format.dateTime(new Date(a.consentUntil), { dateStyle: 'medium' }) })}
                </Badge>
              ) : (
                <Badge variant="warning">{t('noConsent')}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {current && <p className={styles.muted}>{t('working', { id: current })}</p>}
    </div>
  )
}
