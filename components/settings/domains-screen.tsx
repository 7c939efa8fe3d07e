'use client'
// /settings/account/domains: the company's sending domains. Adding one generates its DKIM key in
// the app; each domain shows the DNS records to publish (DKIM at {selector}._domainkey, an SPF
// suggestion, a starting DMARC policy) with the status of the last "Check DNS".
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { SendingDomainView } from '@/lib/messaging/dkim/sending-domains'
import styles from './email-settings.module.css'
import screen from '@/components/ui/form-screen.module.css'
import { SettingsLoadErrorPage, SettingsLoadingPage, SettingsPage } from './settings-form-screen'

const KEY = '/ajax/account/email/domains'
const STATUS: Record<string, BadgeVariant> = {
  ok: 'success',
  missing: 'warning',
  mismatch: 'danger',
  error: 'danger',
  unchecked: 'neutral',
}

export function DomainsScreen() {
  const t = useTranslations('sendingDomains')
  const toast = useToast()
  const canEdit = usePermission(['account_settings_read', 'account_settings_write'])
  const { data, error, mutate } = useSWR(KEY, (url: string) =>
    http.get<{ domains: SendingDomainView[] }>(url).then((r) => r.data),
  )
  const [domain, setDomain] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [adding, setAdding] = useState(false)
  const [busyId, setBusyId] = useState<number | null>(null)

  const replace = (d: SendingDomainView) =>
    void mutate({ domains: (data?.domains ?? []).map((x) => (x.id === d.id ? d : x)) }, { revalidate: false })

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setAdding(true)
    setFieldError('')
    try {
      await http.post(KEY, { domain })
      setDomain('')
      await mutate()
      toast.show({ variant: 'success', content: t('added') })
    } catch (err) {
      const f = readHttpFailure(err)
      if (f.fieldErrors.domain) setFieldError(f.fieldErrors.domain)
      else toast.show({ variant: 'error', content: f.message ?? t('error') })
    } finally {
      setAdding(false)
    }
  }
  async function check(id: number) {
    setBusyId(id)
    try {
      const r = await http.post<{ domain: SendingDomainView }>(`${KEY}/${id}/check`)
      replace(r.data.domain)
      toast.show({
        variant: r.data.domain.verified ? 'success' : 'warning',
        content: r.data.domain.verified ? t('checkVerified') : t('checkNotYet'),
      })
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('error') })
    } finally {
      setBusyId(null)
    }
  }
  async function remove(d: SendingDomainView) {
    if (!window.confirm(t('deleteConfirm', { domain: d.domain }))) return
    setBusyId(d.id)
    try {
      await http.delete(`${KEY}/${d.id}`)
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('error') })
    } finally {
      setBusyId(null)
    }
  }

  if (error)
    return (
      <SettingsLoadErrorPage
        title={t('title')}
        description={t('description')}
        message={t('loadError')}
        onRetry={() => void mutate()}
      />
    )
  if (!data) return <SettingsLoadingPage title={t('title')} description={t('description')} className={screen.loading} />

  return (
    <SettingsPage title={t('title')} description={t('description')}>
      {canEdit && (
        <Card title={t('addTitle')}>
          <form className={styles.addForm} onSubmit={add} noValidate>
            <TextField
              label={t('domain')}
              name="domain"
              placeholder="mail.example.com"
              value={domain}
              error={fieldError}
              hint={t('domainHint')}
              onChange={(e) => {
                setDomain(e.target.value)
                setFieldError('')
              }}
            />
            <Button variant="primary" type="submit" loading={adding}>
              {t('add')}
            </Button>
          </form>
        </Card>
      )}
      {data.domains.length === 0 ? (
        <Card>
          <EmptyState heading={t('emptyHeading')} body={t('emptyBody')} />
        </Card>
      ) : (
        data.domains.map((d) => (
          <Card
            key={d.id}
            title={
              <span>
                {d.domain}{' '}
                <Badge variant={d.verified ? 'success' : 'warning'}>
                  {d.verified ? t('verified') : t('notVerified')}
                </Badge>
              </span>
            }
            actions={
              canEdit && (
                <>
                  <Button size="small" loading={busyId === d.id} onClick={() => void check(d.id)}>
                    {t('check')}
                  </Button>
                  <Button size="small" variant="tertiary" disabled={busyId === d.id} onClick={() => void remove(d)}>
                    {t('delete')}
                  </Button>
                </>
              )
            }
          >
            <div className={styles.records}>
              <p className={styles.help}>
                {t('recordsHelp')}{' '}
                {d.lastCheckAt ? t('lastCheck', { at: new Date(d.lastCheckAt).toLocaleString() }) : t('neverChecked')}
              </p>
              {d.records.map((r) => (
                <div key={r.kind} className={styles.record}>
                  <span className={styles.recordLabel}>{t(`kinds.${r.kind}`)}</span>
                  <div className={screen.form}>
                    <div>
                      <span className={styles.recordLabel}>
                        {t('name')} ({r.type})
                      </span>
                      <div className={styles.mono}>{r.name}</div>
                    </div>
                    <div>
                      <span className={styles.recordLabel}>{t('value')}</span>
                      <div className={styles.mono}>{r.value}</div>
                    </div>
                    {r.found.length > 0 && r.status !== 'ok' && (
                      <div>
                        <span className={styles.recordLabel}>{t('found')}</span>
                        {r.found.map((f) => (
                          <div key={f} className={styles.mono}>
                            {f}
                          </div>
                        ))}
                      </div>
                    )}
                  </div>
                  <Badge variant={STATUS[r.status] ?? 'neutral'}>{t(`status.${r.status}`)}</Badge>
                </div>
              ))}
            </div>
          </Card>
        ))
      )}
    </SettingsPage>
  )
}
