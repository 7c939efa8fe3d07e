'use client'
// /settings/account/testing: the email addresses and phone numbers the team sends tests to
// (add with validation, remove), and whether this account is a test account (set when it was
// created; read-only here).
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { ListTestRecipientsResponse } from '@/lib/test-recipients/test-recipients'
import styles from './settings.module.css'

const KEY = '/ajax/account/test-recipients'

export function TestingSettingsScreen() {
  const t = useTranslations('dataPlatform')
  const toast = useToast()
  const canWrite = usePermission('account_settings_write')
  const { data, error, mutate } = useSWR(KEY, (u: string) =>
    http.get<ListTestRecipientsResponse>(u).then((r) => r.data),
  )
  const [kind, setKind] = useState<'email' | 'phone'>('email')
  const [value, setValue] = useState('')
  const [label, setLabel] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  async function add(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setFieldError(undefined)
    try {
      await http.post(KEY, { kind, value, ...(label ? { label } : {}) })
      setValue('')
      setLabel('')
      await mutate()
    } catch (err) {
      const f = readHttpFailure(err)
      setFieldError(f.fieldErrors.value ?? f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  async function remove(id: number) {
    try {
      await http.delete(`${KEY}/${id}`)
      await mutate()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
    }
  }

  return (
    <Page>
      <PageHead title={t('testing.title')} description={t('testing.description')} />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && <Spinner size="large" label={t('loading')} />}
          {data && (
            <Card title={t('testing.modeTitle')}>
              <p className={styles.description}>
                {data.testAccount ? (
                  <Badge variant="info">{t('testing.testAccount')}</Badge>
                ) : (
                  <Badge>{t('testing.liveAccount')}</Badge>
                )}{' '}
                {t('testing.modeWhat')}
              </p>
            </Card>
          )}
          {data && canWrite && (
            <Card title={t('testing.addTitle')}>
              <form className={styles.stack} onSubmit={(e) => void add(e)} noValidate data-testid="test-recipient-form">
                <Select
                  label={t('testing.kind')}
                  name="kind"
                  value={kind}
                  onChange={(e) => setKind(e.target.value === 'phone' ? 'phone' : 'email')}
                  options={[
                    { value: 'email', label: t('testing.email') },
                    { value: 'phone', label: t('testing.phone') },
                  ]}
                />
                <TextField
                  label={kind === 'email' ? t('testing.email') : t('testing.phone')}
                  name="value"
                  type={kind === 'email' ? 'email' : 'tel'}
                  value={value}
                  hint={kind === 'phone' ? t('testing.phoneHint') : undefined}
                  onChange={(e) => setValue(e.target.value)}
                  error={fieldError}
                />
                <TextField
                  label={t('testing.label')}
                  name="label"
                  value={label}
                  onChange={(e) => setLabel(e.target.value)}
                />
                <div>
                  <Button type="submit" variant="primary" loading={busy} data-testid="test-recipient-add">
                    {t('testing.add')}
                  </Button>
                </div>
              </form>
            </Card>
          )}
          {data && (
            <Card title={t('testing.listTitle')} flush>
              {data.recipients.length === 0 ? (
                <EmptyState heading={t('testing.empty')} body={t('testing.emptyBody')} />
              ) : (
                <Table
                  caption={t('testing.listTitle')}
                  columns={[
                    { key: 'value', header: t('testing.recipient') },
                    { key: 'kind', header: t('testing.kind') },
                    { key: 'label', header: t('testing.label') },
                    { key: 'remove', header: '' },
                  ]}
                  rows={data.recipients.map((r) => ({
                    id: r.id,
                    value: r.value,
                    kind: r.kind === 'email' ? t('testing.email') : t('testing.phone'),
                    label: r.label ?? '',
                    remove: canWrite && (
                      <Button
                        size="small"
                        variant="danger"
                        onClick={() => void remove(r.id)}
                        aria-label={t('testing.removeNamed', { value: r.value })}
                      >
                        {t('testing.remove')}
                      </Button>
                    ),
                  }))}
                />
              )}
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
