'use client'
// /settings/sms, keywords: the custom opt-in keywords (texting one joins its list with SMS
// consent and gets its confirmation), beside the STOP/START/HELP words of the form above.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import type { SmsKeywordView } from '@/lib/messaging/sms/sms-opt-in-keywords'
import { fieldError } from './field-error'
import styles from './inbox-settings.module.css'

const KEY = '/ajax/sms/keywords'
const get = <T,>(u: string) => http.get<T>(u).then((r) => r.data)
const EMPTY = { keyword: '', listId: '', confirmation: '' }

export function SmsKeywordsCard({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('smsTools')
  const { data, error, mutate } = useSWR(KEY, get<{ keywords: SmsKeywordView[] }>)
  const lists = useSWR('/ajax/lists/simple?type=0', get<{ id: string; name: string }[]>)
  const [form, setForm] = useState(EMPTY)
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      await http.post(KEY, form)
      setForm(EMPTY)
      await mutate()
    })
  }
  const remove = (k: SmsKeywordView) =>
    save(async () => {
      await http.delete(`${KEY}/${k.id}`)
      await mutate()
    })

  return (
    <div id="keywords">
      <Card title={t('keywordsTitle')}>
        <div className={styles.form}>
          <p className={styles.help}>{t('keywordsHelp')}</p>
          {error && <Notification variant="error">{t('loadError')}</Notification>}
          {!data && !error && <Spinner />}
          {data && data.keywords.length === 0 && <p className={styles.muted}>{t('keywordsEmpty')}</p>}
          {data && data.keywords.length > 0 && (
            <ul className={styles.list} data-testid="sms-keywords">
              {data.keywords.map((k) => (
                <li key={k.id} className={styles.row}>
                  <span className={styles.rowText}>
                    <strong>{k.keyword}</strong>
                    <span className={styles.muted}>
                      {t('keywordJoins', { list: k.listName ?? t('listDeleted') })} · {k.confirmation}
                    </span>
                  </span>
                  <span className={styles.rowActions}>
                    {!k.enabled && <Badge>{t('off')}</Badge>}
                    {canEdit && (
                      <Button size="small" variant="danger" onClick={() => void remove(k)}>
                        {t('delete')}
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {canEdit && (
            <form className={styles.form} onSubmit={submit} noValidate data-testid="sms-keyword-form">
              <div className={styles.grid}>
                <TextField
                  label={t('keyword')}
                  name="keyword"
                  value={form.keyword}
                  maxLength={20}
                  error={fieldError(errors, 'keyword')}
                  onChange={(e) => setForm({ ...form, keyword: e.target.value.toUpperCase() })}
                />
                <Select
                  label={t('keywordList')}
                  name="listId"
                  value={form.listId}
                  error={fieldError(errors, 'listId')}
                  options={[
                    { value: '', label: t('chooseList') },
                    ...(lists.data ?? []).map((l) => ({ value: l.id, label: l.name })),
                  ]}
                  onChange={(e) => setForm({ ...form, listId: e.target.value })}
                />
              </div>
              <TextField
                label={t('keywordConfirmation')}
                name="confirmation"
                value={form.confirmation}
                maxLength={320}
                hint={t('keywordConfirmationHint')}
                error={fieldError(errors, 'confirmation')}
                onChange={(e) => setForm({ ...form, confirmation: e.target.value })}
              />
              {errors._form && <Notification variant="error">{errors._form}</Notification>}
              <div className={styles.footer}>
                <Button type="submit" loading={busy} data-testid="add-sms-keyword">
                  {t('keywordAdd')}
                </Button>
              </div>
            </form>
          )}
        </div>
      </Card>
    </div>
  )
}
