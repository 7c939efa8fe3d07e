'use client'
// /automations and /automations/{intentId}: the intent rules in priority order beside the form
// of the chosen one (or of a new one): phrases, the one action (reply with a text, tag the
// conversation, start a flow, close it), on or off, and the priority.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import type { IntentView } from '@/lib/inbox/automations/intent-rules'
import { TextArea } from './text-area'
import { fieldError, splitList } from './field-error'
import styles from './inbox-settings.module.css'

const KEY = '/ajax/automations/intents'
type Loaded = { intents: IntentView[]; flows: { id: string; name: string }[] }
const KEYS = [
  ['order_status', 'intent_order_status'],
  ['discount_request', 'intent_discount_request'],
  ['stop', 'intent_stop'],
  ['custom', 'intent_custom'],
] as const
const ACTIONS = [
  ['reply', 'action_reply'],
  ['tag', 'action_tag'],
  ['start_flow', 'action_start_flow'],
  ['close', 'action_close'],
] as const

export function AutomationsScreen({ intentId }: { intentId?: string }) {
  const t = useTranslations('inboxSettings')
  const canEdit = usePermission(['account_settings_write'])
  const { data, error, mutate } = useSWR(KEY, (u: string) => http.get<Loaded>(u).then((r) => r.data))
  const current = intentId ? data?.intents.find((i) => String(i.id) === intentId) : undefined

  return (
    <Page>
      <PageHead
        title={t('automationsTitle')}
        description={t('automationsDescription')}
        actions={
          canEdit &&
          intentId && (
            <LinkButton href="/automations" variant="primary">
              {t('intentNew')}
            </LinkButton>
          )
        }
      />
      <PageBody>
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
          <div className={styles.layout}>
            <Card flush title={t('intentsTitle')}>
              {data.intents.length === 0 ? (
                <EmptyState heading={t('intentsEmpty')} body={t('intentsEmptyBody')} headingLevel={3} />
              ) : (
                <ul className={styles.list} data-testid="intent-list">
                  {data.intents.map((i) => (
                    <li key={i.id} className={styles.row}>
                      <span className={styles.rowText}>
                        <Link
                          href={`/automations/${i.id}`}
                          aria-current={String(i.id) === intentId ? 'page' : undefined}
                        >
                          {i.name}
                        </Link>
                        <span className={styles.muted}>{t('intentPriority', { priority: i.priority })}</span>
                      </span>
                      {i.enabled ? <Badge variant="success">{t('on')}</Badge> : <Badge>{t('off')}</Badge>}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            {intentId && !current ? (
              <Notification variant="warning">{t('intentNotFound')}</Notification>
            ) : (
              <IntentForm
                key={intentId ?? 'new'}
                intent={current}
                flows={data.flows}
                canEdit={canEdit}
                onSaved={() => mutate()}
              />
            )}
          </div>
        )}
      </PageBody>
    </Page>
  )
}

function IntentForm({
  intent,
  flows,
  canEdit,
  onSaved,
}: {
  intent?: IntentView
  flows: Loaded['flows']
  canEdit: boolean
  onSaved: () => Promise<unknown>
}) {
  const t = useTranslations('inboxSettings')
  const router = useRouter()
  const [form, setForm] = useState({
    name: intent?.name ?? '',
    key: intent?.key ?? 'custom',
    phrases: (intent?.phrases ?? []).join(', '),
    action: intent?.action ?? 'reply',
    replyText: intent?.replyText ?? '',
    tag: intent?.tag ?? '',
    flowId: intent?.flowId ?? '',
    enabled: intent?.enabled ?? true,
    priority: String(intent?.priority ?? 100),
  })
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch })
  const { busy, errors, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') })
  const err = (k: string) => fieldError(errors, k)

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const body = { ...form, phrases: splitList(form.phrases), flowId: form.flowId || null }
    return save(async () => {
      if (intent) await http.put(`${KEY}/${intent.id}`, body)
      else {
        const res = await http.post<{ intent: IntentView }>(KEY, body)
        router.push(`/automations/${res.data.intent.id}`)
      }
      await onSaved()
    })
  }
  const remove = () =>
    save(async () => {
      await http.delete(`${KEY}/${intent!.id}`)
      await onSaved()
      router.push('/automations')
    })

  return (
    <Card title={intent ? intent.name : t('intentNew')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="intent-form">
        <fieldset disabled={!canEdit} className={`${styles.fieldset} ${styles.form}`}>
          <div className={styles.grid}>
            <TextField
              label={t('name')}
              name="name"
              value={form.name}
              maxLength={80}
              error={err('name')}
              onChange={(e) => set({ name: e.target.value })}
            />
            <Select
              label={t('intentKey')}
              name="key"
              value={form.key}
              error={err('key')}
              options={KEYS.map(([value, label]) => ({ value, label: t(label) }))}
              onChange={(e) => set({ key: e.target.value })}
            />
          </div>
          <TextField
            label={t('phrases')}
            name="phrases"
            value={form.phrases}
            hint={t('phrasesHint')}
            error={err('phrases')}
            onChange={(e) => set({ phrases: e.target.value })}
          />
          <div className={styles.grid}>
            <Select
              label={t('intentAction')}
              name="action"
              value={form.action}
              error={err('action')}
              options={ACTIONS.map(([value, label]) => ({ value, label: t(label) }))}
              onChange={(e) => set({ action: e.target.value })}
            />
            <TextField
              label={t('intentPriorityLabel')}
              name="priority"
              inputMode="numeric"
              value={form.priority}
              hint={t('intentPriorityHint')}
              error={err('priority')}
              onChange={(e) => set({ priority: e.target.value })}
            />
          </div>
          {form.action === 'reply' && (
            <TextArea
              label={t('replyBody')}
              name="replyText"
              value={form.replyText}
              maxLength={1000}
              hint={t('variablesHint')}
              error={err('replyText')}
              onChange={(e) => set({ replyText: e.target.value })}
            />
          )}
          {form.action === 'tag' && (
            <TextField
              label={t('tag')}
              name="tag"
              value={form.tag}
              maxLength={60}
              error={err('tag')}
              onChange={(e) => set({ tag: e.target.value })}
            />
          )}
          {form.action === 'start_flow' && (
            <Select
              label={t('flow')}
              name="flowId"
              value={form.flowId}
              error={err('flowId')}
              options={[{ value: '', label: t('flowNone') }, ...flows.map((f) => ({ value: f.id, label: f.name }))]}
              onChange={(e) => set({ flowId: e.target.value })}
            />
          )}
          <label className={styles.toggle}>
            <input
              type="checkbox"
              name="enabled"
              checked={form.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
            />
            <span>{t('enabled')}</span>
          </label>
        </fieldset>
        {errors._form && <Notification variant="error">{errors._form}</Notification>}
        {canEdit && (
          <div className={styles.footer}>
            {intent && (
              <Button type="button" variant="danger" onClick={() => void remove()}>
                {t('delete')}
              </Button>
            )}
            <Button variant="primary" type="submit" loading={busy} data-testid="save-intent">
              {t('save')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  )
}
