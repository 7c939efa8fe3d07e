'use client'
// /inbox/faq/new and /inbox/faq/{id}: a question, its answer (with profile variables) and the
// keywords or phrases that recognise it.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import type { FaqView } from '@/lib/inbox/automations/faq-entries'
import { TextArea } from './text-area'
import { fieldError, splitList } from './field-error'
import { FAQ_KEY } from './faq-list-screen'
import styles from './inbox-settings.module.css'

export function FaqEditScreen({ id }: { id?: string }) {
  const t = useTranslations('inboxSettings')
  const { data, error, mutate } = useSWR(id ? `${FAQ_KEY}/${id}` : null, (u: string) =>
    http.get<{ faq: FaqView }>(u).then((r) => r.data),
  )
  const title = id ? t('faqEditTitle') : t('faqNew')
  if (id && error)
    return (
      <Page>
        <PageHead title={title} />
        <PageBody>
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('faqNotFound')}
          </Notification>
        </PageBody>
      </Page>
    )
  if (id && !data)
    return (
      <Page>
        <PageHead title={title} />
        <PageBody>
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        </PageBody>
      </Page>
    )
  return <FaqForm title={title} faq={data?.faq} />
}

function FaqForm({ title, faq }: { title: string; faq?: FaqView }) {
  const t = useTranslations('inboxSettings')
  const router = useRouter()
  const canEdit = usePermission(['account_settings_write'])
  const [form, setForm] = useState({
    question: faq?.question ?? '',
    answer: faq?.answer ?? '',
    phrases: (faq?.phrases ?? []).join(', '),
    enabled: faq?.enabled ?? true,
  })
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const body = { ...form, phrases: splitList(form.phrases) }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    return save(async () => {
      if (faq) await http.put(`${FAQ_KEY}/${faq.id}`, body)
      else await http.post(FAQ_KEY, body)
      router.push('/inbox/faq')
    })
  }
  const remove = () =>
    save(async () => {
      await http.delete(`${FAQ_KEY}/${faq!.id}`)
      router.push('/inbox/faq')
    })

  return (
    <Page>
      <PageHead title={title} actions={<LinkButton href="/inbox/faq">{t('back')}</LinkButton>} />
      <PageBody>
        <form className={styles.stack} onSubmit={submit} noValidate data-testid="faq-form">
          <fieldset disabled={!canEdit} className={`${styles.fieldset} ${styles.stack}`}>
            <Card>
              <div className={styles.form}>
                <TextField
                  label={t('faqQuestion')}
                  name="question"
                  value={form.question}
                  maxLength={300}
                  error={fieldError(errors, 'question')}
                  onChange={(e) => setForm({ ...form, question: e.target.value })}
                />
                <TextArea
                  label={t('faqAnswer')}
                  name="answer"
                  value={form.answer}
                  maxLength={1000}
                  hint={t('variablesHint')}
                  error={fieldError(errors, 'answer')}
                  onChange={(e) => setForm({ ...form, answer: e.target.value })}
                />
                <TextField
                  label={t('phrases')}
                  name="phrases"
                  value={form.phrases}
                  hint={t('phrasesHint')}
                  error={fieldError(errors, 'phrases')}
                  onChange={(e) => setForm({ ...form, phrases: e.target.value })}
                />
                <label className={styles.toggle}>
                  <input
                    type="checkbox"
                    name="enabled"
                    checked={form.enabled}
                    onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
                  />
                  <span>{t('enabled')}</span>
                </label>
              </div>
            </Card>
          </fieldset>
          {errors._form && <Notification variant="error">{errors._form}</Notification>}
          {canEdit && (
            <div className={styles.footer}>
              {faq && (
                <Button type="button" variant="danger" onClick={() => void remove()}>
                  {t('delete')}
                </Button>
              )}
              <Button variant="primary" type="submit" loading={busy} data-testid="save-faq">
                {t('save')}
              </Button>
            </div>
          )}
        </form>
      </PageBody>
    </Page>
  )
}
