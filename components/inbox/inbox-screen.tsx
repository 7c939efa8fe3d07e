'use client'
// /inbox/conversations (every channel) and /conversations/sms (SMS only): the conversation list
// with its filters, the open thread, and the customer's card. On a phone: the list, then the
// thread with a way back.
import { useCallback, useState } from 'react'
import { useTranslations } from 'next-intl'
import { useSWRConfig } from 'swr'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { ConversationList, LIST_URL } from './conversation-list'
import { useInboxPoll } from './inbox-api'
import { ThreadPane } from './thread-pane'
import { ProfileCard } from './profile-card'
import styles from './inbox.module.css'

const CHANNELS = ['sms', 'whatsapp', 'email', 'chat'] as const
const STATUSES = ['open', 'snoozed', 'closed'] as const

export function InboxScreen({ channel }: { channel?: 'sms' }) {
  const t = useTranslations('inbox')
  const [status, setStatus] = useState('open')
  const [assigned, setAssigned] = useState('')
  const [unread, setUnread] = useState(false)
  const [chosenChannel, setChannel] = useState('')
  const [q, setQ] = useState('')
  const [selected, setSelected] = useState<number | null>(null)
  const { mutate } = useSWRConfig()
  const reloadList = useCallback(() => void mutate((key) => Array.isArray(key) && key[0] === LIST_URL), [mutate])
  // With no thread open the list polls by itself; an open thread's poll reloads the list too.
  useInboxPoll(null, 0, reloadList, selected === null)
  const params = {
    status: status || undefined,
    assigned: assigned || undefined,
    unread: unread ? '1' : undefined,
    channel: channel ?? (chosenChannel || undefined),
    q: q.trim() || undefined,
  }
  return (
    <Page width="full">
      <PageHead title={channel ? t('smsTitle') : t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.filters}>
          <Select
            label={t('filterStatus')}
            name="status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[{ value: '', label: t('all') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
          <Select
            label={t('filterAssigned')}
            name="assigned"
            value={assigned}
            onChange={(e) => setAssigned(e.target.value)}
            options={[
              { value: '', label: t('everyone') },
              { value: 'me', label: t('assignedToMe') },
              { value: 'unassigned', label: t('unassigned') },
            ]}
          />
          {!channel && (
            <Select
              label={t('filterChannel')}
              name="channel"
              value={chosenChannel}
              onChange={(e) => setChannel(e.target.value)}
              options={[
                { value: '', label: t('all') },
                ...CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })),
              ]}
            />
          )}
          <label className={styles.muted}>
            <input type="checkbox" checked={unread} onChange={(e) => setUnread(e.target.checked)} /> {t('unreadOnly')}
          </label>
          <TextField label={t('search')} name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className={styles.layout} data-view={selected === null ? 'list' : 'thread'}>
          <section className={`${styles.pane} ${styles.listPane}`} aria-label={t('listLabel')}>
            <ConversationList params={params} selectedId={selected} onSelect={setSelected} />
          </section>
          <section className={`${styles.pane} ${styles.threadPane}`} aria-label={t('threadLabel')}>
            {selected === null ? (
              <div className={styles.centered}>{t('pickConversation')}</div>
            ) : (
              <ThreadPane conversationId={selected} onBack={() => setSelected(null)} />
            )}
          </section>
          <aside className={`${styles.pane} ${styles.cardPane}`} aria-label={t('customerLabel')}>
            {selected !== null && <ProfileCard conversationId={selected} />}
          </aside>
        </div>
      </PageBody>
    </Page>
  )
}
