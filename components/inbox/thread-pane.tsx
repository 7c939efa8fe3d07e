'use client'
// One conversation: its head (customer, assignee, status and snooze), its messages kept up to
// date by the poll (merged by message id, so nothing shows twice), and the composer for a reply
// or a team note, with the account's quick replies when there are any.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslations } from 'next-intl'
import { useSWRConfig } from 'swr'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { usePermission } from '@/lib/client/shell-context'
import { postJson, useOps } from '@/components/deliverability/ops-api'
import type { ThreadResponse } from '@/app/ajax/inbox/conversations/[id]/route'
import type { InboxTeamResponse } from '@/app/ajax/inbox/team/route'
import type { QuickRepliesResponse } from '@/app/ajax/inbox/conversations/[id]/quick-replies/route'
import type { InboxUpdatesResponse } from '@/app/ajax/inbox/updates/route'
import type { ThreadMessage } from '@/lib/inbox/get-thread'
import { newRequestId, patchJson, useInboxPoll } from './inbox-api'
import { LIST_URL } from './conversation-list'
import { ThreadMessages } from './thread-messages'
import styles from './inbox.module.css'

const merge = (have: ThreadMessage[], more: ThreadMessage[]) => {
  const byId = new Map(have.map((m) => [m.id, m]))
  for (const m of more) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

function snoozeUntil(choice: string): string {
  const d = new Date()
  if (choice === 'hour') d.setHours(d.getHours() + 1)
  else {
    d.setDate(d.getDate() + (choice === 'week' ? 7 : 1))
    d.setHours(9, 0, 0, 0)
  }
  return d.toISOString()
}

export function ThreadPane({ conversationId, onBack }: { conversationId: number; onBack: () => void }) {
  const t = useTranslations('inbox')
  const canWrite = usePermission('sms_conversations_write')
  const { mutate: mutateAll } = useSWRConfig()
  const url = `/ajax/inbox/conversations/${conversationId}`
  const { data, error, mutate } = useOps<ThreadResponse>(url)
  const team = useOps<InboxTeamResponse>('/ajax/inbox/team')
  const quick = useOps<QuickRepliesResponse>(`${url}/quick-replies`)
  // Messages the poll brought, for one conversation; the thread's own load wins where both have a message.
  const [live, setLive] = useState<{ id: number; list: ThreadMessage[] }>({ id: conversationId, list: [] })
  const messages = useMemo(
    () =>
      merge(
        live.id === conversationId ? live.list : [],
        data && data.conversation.id === conversationId ? data.messages : [],
      ),
    [live, data, conversationId],
  )
  const [text, setText] = useState('')
  const [mode, setMode] = useState<'reply' | 'note'>('reply')
  const [requestId, setRequestId] = useState(newRequestId)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)

  const reloadList = useCallback(() => mutateAll((key) => Array.isArray(key) && key[0] === LIST_URL), [mutateAll])
  // Opening a thread reads it.
  useEffect(() => {
    if (canWrite && data && data.conversation.id === conversationId && data.conversation.unreadCount > 0)
      void patchJson(url, { read: true }).then(reloadList, () => {})
  }, [data, conversationId, canWrite, url, reloadList])

  const cursor = messages.at(-1)?.id ?? 0
  useInboxPoll(
    conversationId,
    cursor,
    (u: InboxUpdatesResponse) => {
      const statuses = new Map(u.deliveries.map((d) => [d.id, d]))
      setLive((s) => ({
        id: conversationId,
        list: merge(
          (s.id === conversationId ? s.list : []).map((m) => {
            const d = statuses.get(m.id)
            return d ? { ...m, deliveryStatus: d.deliveryStatus, deliveryReason: d.deliveryReason } : m
          }),
          u.messages,
        ),
      }))
      void mutate()
      void reloadList()
    },
    !!data,
  )

  const authors = useMemo(() => new Map((team.data?.members ?? []).map((m) => [m.id, m.name])), [team.data])

  const change = async (body: Record<string, unknown>) => {
    setFailed(null)
    try {
      await patchJson(url, body)
      await Promise.all([mutate(), reloadList()])
    } catch {
      setFailed(t('saveError'))
    }
  }
  const send = async () => {
    if (!text.trim()) return
    setBusy(true)
    setFailed(null)
    try {
      await postJson(`${url}/${mode === 'reply' ? 'reply' : 'notes'}`, { text, clientRequestId: requestId })
      setText('')
      setRequestId(newRequestId())
      await Promise.all([mutate(), reloadList()])
    } catch {
      // The same request id is sent again on retry: the server answers it once.
      setFailed(t('sendError'))
    } finally {
      setBusy(false)
    }
  }

  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data)
    return (
      <div className={styles.centered}>
        <Spinner />
      </div>
    )
  const c = data.conversation
  return (
    <>
      <div className={styles.threadHead}>
        <div>
          <Button variant="tertiary" size="small" className={styles.back} onClick={onBack}>
            {t('back')}
          </Button>
          <strong>{c.profile.name || t('unknownCustomer')}</strong>
          <div className={styles.muted}>
            {t(`channel.${c.channel as 'sms'}`)} · {t(`status.${c.status as 'open'}`)}
          </div>
        </div>
        {canWrite && (
          <>
            <Select
              label={t('assignee')}
              name="assignee"
              value={c.assigneeUserId ? String(c.assigneeUserId) : ''}
              onChange={(e) => change({ assigneeUserId: e.target.value ? Number(e.target.value) : null })}
              options={[
                { value: '', label: t('nobody') },
                ...(team.data?.members ?? []).map((m) => ({ value: String(m.id), label: m.name })),
              ]}
            />
            <Select
              label={t('snooze')}
              name="snooze"
              value=""
              onChange={(e) =>
                e.target.value && change({ status: 'snoozed', snoozedUntil: snoozeUntil(e.target.value) })
              }
              options={[
                { value: '', label: t('snoozeChoose') },
                { value: 'hour', label: t('snoozeHour') },
                { value: 'tomorrow', label: t('snoozeTomorrow') },
                { value: 'week', label: t('snoozeWeek') },
              ]}
            />
            {c.status === 'closed' ? (
              <Button variant="secondary" size="small" onClick={() => change({ status: 'open' })}>
                {t('reopen')}
              </Button>
            ) : (
              <Button variant="secondary" size="small" onClick={() => change({ status: 'closed' })}>
                {t('close')}
              </Button>
            )}
          </>
        )}
      </div>
      <div className={styles.messages} aria-live="polite" data-testid="inbox-thread">
        <ThreadMessages messages={messages} authors={authors} />
      </div>
      {failed && <Notification variant="error">{failed}</Notification>}
      {canWrite && (
        <div className={styles.composer}>
          <label className={styles.muted} htmlFor="inbox-composer">
            {mode === 'reply' ? t('replyLabel') : t('noteLabel')}
          </label>
          <textarea
            id="inbox-composer"
            value={text}
            maxLength={mode === 'reply' ? 1600 : 5000}
            onChange={(e) => setText(e.target.value)}
            placeholder={mode === 'reply' ? t('replyPlaceholder') : t('notePlaceholder')}
          />
          <div className={styles.composerActions}>
            <Select
              label={t('mode')}
              name="mode"
              value={mode}
              onChange={(e) => setMode(e.target.value === 'note' ? 'note' : 'reply')}
              options={[
                { value: 'reply', label: t('replyLabel') },
                { value: 'note', label: t('noteLabel') },
              ]}
            />
            {!!quick.data?.quickReplies.length && (
              <Select
                label={t('quickReplies')}
                name="quickReply"
                value=""
                onChange={(e) => {
                  const q = quick.data!.quickReplies.find((r) => String(r.id) === e.target.value)
                  if (q) setText(q.text)
                }}
                options={[
                  { value: '', label: t('quickRepliesChoose') },
                  ...quick.data.quickReplies.map((r) => ({ value: String(r.id), label: r.name })),
                ]}
              />
            )}
            <Button onClick={send} disabled={busy || !text.trim()}>
              {mode === 'reply' ? t('send') : t('addNote')}
            </Button>
          </div>
        </div>
      )}
    </>
  )
}
