'use client'
// The customer beside the thread: contact details, last orders, recent activity, lists, and the
// predicted lifetime value when the predictive model has scored them.
import { useFormatter, useTranslations } from 'next-intl'
import { useOps } from '@/components/deliverability/ops-api'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import type { ProfileCardResponse } from '@/app/ajax/inbox/conversations/[id]/profile/route'
import styles from './inbox.module.css'

export function ProfileCard({ conversationId }: { conversationId: number }) {
  const t = useTranslations('inbox')
  const format = useFormatter()
  const { data, error } = useOps<ProfileCardResponse>(`/ajax/inbox/conversations/${conversationId}/profile`)
  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data)
    return (
      <div className={styles.centered}>
        <Spinner />
      </div>
    )
  const p = data.profile
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ')
  const money = (v: number | null, currency: string | null) =>
    v === null ? '' : currency ? format.number(v, { style: 'currency', currency }) : format.number(v)
  return (
    <div className={styles.card} data-testid="inbox-profile-card">
      <div>
        <h3>{name || p.email || p.phoneNumber || t('unknownCustomer')}</h3>
        {p.email && <div className={styles.muted}>{p.email}</div>}
        {p.phoneNumber && <div className={styles.muted}>{p.phoneNumber}</div>}
        {[p.city, p.country].some(Boolean) && (
          <div className={styles.muted}>{[p.city, p.country].filter(Boolean).join(', ')}</div>
        )}
        <a href={`/profile/${encodeURIComponent(p.id)}`}>{t('openProfile')}</a>
      </div>
      {data.predictedClv !== null && (
        <div>
          <h3>{t('predictedClv')}</h3>
          <div>{format.number(data.predictedClv, { maximumFractionDigits: 2 })}</div>
        </div>
      )}
      <div>
        <h3>{t('orders')}</h3>
        {data.orders.length === 0 ? (
          <div className={styles.muted}>{t('noOrders')}</div>
        ) : (
          <ul>
            {data.orders.map((o) => (
              <li key={o.id}>
                {o.number ? `#${o.number} · ` : ''}
                {format.dateTime(new Date(o.at), { dateStyle: 'medium' })} {money(o.value, o.currency)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3>{t('recentActivity')}</h3>
        {data.events.length === 0 ? (
          <div className={styles.muted}>{t('noActivity')}</div>
        ) : (
          <ul>
            {data.events.map((e) => (
              <li key={e.id}>
                {e.metric} <span className={styles.muted}>{format.relativeTime(new Date(e.at))}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3>{t('lists')}</h3>
        {data.lists.length === 0 ? (
          <div className={styles.muted}>{t('noLists')}</div>
        ) : (
          <ul>
            {data.lists.map((g) => (
              <li key={g.id}>
                <a href={`/list/${encodeURIComponent(g.id)}`}>{g.name}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
