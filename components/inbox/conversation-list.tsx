'use client'
// The inbox list's pages for the chosen filters, one after another ("load more"); a row opens
// its thread.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useOps } from '@/components/deliverability/ops-api'
import type { ConversationsListResponse } from '@/app/ajax/inbox/conversations/route'
import styles from './inbox.module.css'

type Params = Record<string, string | undefined>
export const LIST_URL = '/ajax/inbox/conversations'

interface PageProps {
  params: Params
  selectedId: number | null
  onSelect: (id: number) => void
  onNext?: (next: string) => void
}

function ListPage({ params, selectedId, onSelect, onNext }: PageProps) {
  const t = useTranslations('inbox')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<ConversationsListResponse>(LIST_URL, params)
  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data)
    return isLoading ? (
      <div className={styles.centered}>
        <Spinner />
      </div>
    ) : null
  return (
    <>
      {data.conversations.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className={`${styles.row} ${c.id === selectedId ? styles.selected : ''}`}
            onClick={() => onSelect(c.id)}
            aria-current={c.id === selectedId ? 'true' : undefined}
            data-testid="inbox-conversation"
          >
            <span className={styles.rowHead}>
              <span>{c.profile.name || t('unknownCustomer')}</span>
              {c.unreadCount > 0 && <Badge variant="info">{t('unread', { count: c.unreadCount })}</Badge>}
            </span>
            <span className={styles.preview}>{c.preview}</span>
            <span className={styles.muted}>
              {t(`channel.${c.channel as 'sms'}`)} ·{' '}
              {format.dateTime(new Date(c.lastMessageAt), { dateStyle: 'short', timeStyle: 'short' })}
              {c.status !== 'open' && ` · ${t(`status.${c.status as 'open'}`)}`}
            </span>
          </button>
        </li>
      ))}
      {data.next && onNext && (
        <li className={styles.centered}>
          <Button variant="secondary" size="small" onClick={() => onNext(data.next!)}>
            {t('loadMore')}
          </Button>
        </li>
      )}
    </>
  )
}

export function ConversationList(props: { params: Params; selectedId: number | null; onSelect: (id: number) => void }) {
  const t = useTranslations('inbox')
  // Loaded pages belong to one set of filters: new filters start again from the first page.
  const key = JSON.stringify(props.params)
  const [loaded, setLoaded] = useState<{ key: string; afters: string[] }>({ key, afters: [] })
  const afters = loaded.key === key ? loaded.afters : []
  const first = useOps<ConversationsListResponse>(LIST_URL, props.params)
  if (first.data && first.data.conversations.length === 0)
    return <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} headingLevel={3} />
  const pages = [undefined, ...afters]
  return (
    <ul className={styles.list} aria-label={t('listLabel')}>
      {pages.map((after, i) => (
        <ListPage
          key={after ?? 'first'}
          params={{ ...props.params, after }}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          onNext={i === pages.length - 1 ? (n) => setLoaded({ key, afters: [...afters, n] }) : undefined}
        />
      ))}
    </ul>
  )
}
