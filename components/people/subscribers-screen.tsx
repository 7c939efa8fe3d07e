'use client'
// /people/subscribers: everyone who can receive email marketing right now.
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import type { SubscriberRow } from '@/components/lists/types'
import { PeopleTableScreen } from './people-table-screen'
import { ProfileLink } from './profile-link'
import styles from './people.module.css'

// ProfileConsent statuses (the seed's subscribed, unsubscribed, pending, never_subscribed).
const CONSENT_STATES = ['subscribed', 'unsubscribed', 'pending', 'never_subscribed'] as const

export function SubscribersScreen() {
  const t = useTranslations('people')
  const format = useFormatter()
  const consentLabel = (c: string | null) => (c && (CONSENT_STATES as readonly string[]).includes(c) ? t(`consent.${c}`) : t('consent.never_subscribed'))
  const date = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium' }) : '—')
  return (
    <PeopleTableScreen<SubscriberRow>
      url="/ajax/people/subscribers"
      title={t('subscribersTitle')}
      description={t('subscribersDescription')}
      testId="subscribers-table"
      emptyTitle={t('subscribersEmptyTitle')}
      emptyBody={t('subscribersEmptyBody')}
      columns={[
        { key: 'person', header: t('colPerson') },
        { key: 'phone', header: t('colPhone') },
        { key: 'consent', header: t('colConsent') },
        { key: 'consentedAt', header: t('colConsentedAt'), align: 'right' },
        { key: 'createdAt', header: t('colCreated'), align: 'right' },
      ]}
      toRow={(r) => ({
        id: r.profileId,
        person: <ProfileLink person={r} />,
        phone: r.phoneNumber ?? '—',
        consent: <Badge variant={r.consent === 'subscribed' ? 'success' : 'neutral'}>{consentLabel(r.consent)}</Badge>,
        consentedAt: <span className={styles.nowrap}>{date(r.consentedAt)}</span>,
        createdAt: <span className={styles.nowrap}>{date(r.createdAt)}</span>,
      })}
    />
  )
}
