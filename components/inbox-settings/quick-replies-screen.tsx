'use client'
// /inbox/settings/quick-replies and /inbox/customization/quick_response: the saved replies the
// team inserts into a thread, with profile variables; add, change and remove.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import { TextArea } from './text-area'
import { fieldError } from './field-error'
import styles from './inbox-settings.module.css'

const KEY = '/ajax/inbox/quick-replies'
interface QuickReply {
  id: number
  name: string
  body: string
}

export function QuickRepliesScreen() {
  const t = useTranslations('inboxSettings')
  const canEdit = usePermission(['account_settings_write'])
  const { data, error, mutate } = useSWR(KEY, (u: string) =>
    http.get<{ quickReplies: QuickReply[] }>(u).then((r) => r.data),
  )
  const [editing, setEditing] = useState<QuickReply | null>(null)
  const [form, setForm] = useState({ name: '', body: '' })
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })

  const edit = (q: QuickReply | null) => {
    setEditing(q)
    setForm(q ? { name: q.name, body: q.body } : { name: '', body: '' })
  }
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      if (editing) await http.put(`${KEY}/${editing.id}`, form)
      else await http.post(KEY, form)
      edit(null)
      await mutate()
    })
  }
  const remove = (q: QuickReply) =>
    save(async () => {
      await http.delete(`${KEY}/${q.id}`)
      if (editing?.id === q.id) edit(null)
      await mutate()
    })

  return (
    <Page>
      <PageHead title={t('quickRepliesTitle')} description={t('quickRepliesDescription')} />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && (
            <div className={styles.loading}>
              <Spinner size="large" />
            </div>
          )}
          {data && (
            <Card flush>
              {data.quickReplies.length === 0 ? (
                <EmptyState heading={t('quickRepliesEmpty')} body={t('quickRepliesEmptyBody')} />
              ) : (
                <ul className={styles.list} data-testid="quick-replies">
                  {data.quickReplies.map((q) => (
                    <li key={q.id} className={styles.row}>
                      <span className={styles.rowText}>
                        <strong>{q.name}</strong>
                        <span className={styles.muted}>{q.body}</span>
                      </span>
                      {canEdit && (
                        <span className={styles.rowActions}>
                          <Button size="small" onClick={() => edit(q)}>
                            {t('edit')}
                          </Button>
                          <Button size="small" variant="danger" onClick={() => void remove(q)}>
                            {t('delete')}
                          </Button>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          )}
          {canEdit && (
            <Card title={editing ? t('quickReplyEdit') : t('quickReplyNew')}>
              <form className={styles.form} onSubmit={submit} noValidate data-testid="quick-reply-form">
                <TextField
                  label={t('name')}
                  name="name"
                  value={form.name}
                  maxLength={80}
                  error={fieldError(errors, 'name')}
                  onChange={(e) => setForm({ ...form, name: e.target.value })}
                />
                <TextArea
                  label={t('replyBody')}
                  name="body"
                  value={form.body}
                  maxLength={1000}
                  hint={t('variablesHint')}
                  error={fieldError(errors, 'body')}
                  onChange={(e) => setForm({ ...form, body: e.target.value })}
                />
                {errors._form && <Notification variant="error">{errors._form}</Notification>}
                <div className={styles.footer}>
                  {editing && (
                    <Button type="button" variant="tertiary" onClick={() => edit(null)}>
                      {t('cancel')}
                    </Button>
                  )}
                  <Button variant="primary" type="submit" loading={busy} data-testid="save-quick-reply">
                    {t('save')}
                  </Button>
                </div>
              </form>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
