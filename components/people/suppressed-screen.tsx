'use client'
// /people/suppressed: profiles that must not be sent to, with why (reason), on which channel and
// since when; filtered by reason and channel.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Select } from '@/components/ui/select'
import type { SuppressedRow } from '@/components/lists/types'
import { PeopleTableScreen } from './people-table-screen'
import { ProfileLink } from './profile-link'
import styles from './people.module.css'

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'spam_complaint', 'manual'] as const
type Reason = (typeof SUPPRESSION_REASONS)[number]
const REASON_BADGE: Record<Reason, BadgeVariant> = {
  unsubscribed: 'neutral',
  bounced: 'warning',
  spam_complaint: 'danger',
  manual: 'info',
}

export function SuppressedScreen() {
  const t = useTranslations('people')
  const format = useFormatter()
  const [reason, setReason] = useState<Reason | ''>('')
  const [channel, setChannel] = useState<'email' | 'sms' | ''>('')

  return (
    <PeopleTableScreen<SuppressedRow>
      url="/ajax/people/suppressed"
      title={t('suppressedTitle')}
      description={t('suppressedDescription')}
      testId="suppressed-table"
      filters={{ reason: reason || undefined, channel: channel || undefined }}
      renderFilters={(resetPage) => (
        <>
          <Select
            className={styles.filter}
            label={t('reasonFilter')}
            name="reason"
            value={reason}
            data-testid="reason-filter"
            onChange={(e) => {
              setReason(e.target.value as Reason | '')
              resetPage()
            }}
            options={[
              { value: '', label: t('allReasons') },
              ...SUPPRESSION_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) })),
            ]}
          />
          <Select
            className={styles.filter}
            label={t('channelFilter')}
            name="channel"
            value={channel}
            onChange={(e) => {
              setChannel(e.target.value as 'email' | 'sms' | '')
              resetPage()
            }}
            options={[
              { value: '', label: t('allChannels') },
              { value: 'email', label: t('channel.email') },
              { value: 'sms', label: t('channel.sms') },
            ]}
          />
        </>
      )}
      emptyTitle={t('suppressedEmptyTitle')}
      emptyBody={t('suppressedEmptyBody')}
      columns={[
        { key: 'person', header: t('colPerson') },
        { key: 'channel', header: t('colChannel') },
        { key: 'reason', header: t('colReason') },
        { key: 'suppressedAt', header: t('colSuppressedAt'), align: 'right' },
      ]}
      toRow={(r) => ({
        id: `${r.profileId}-${r.channel}-${r.reason}`,
        person: <ProfileLink person={r} />,
        channel: t(`channel.${r.channel}`),
        reason: <Badge variant={REASON_BADGE[r.reason] ?? 'neutral'}>{t(`reason.${r.reason}`)}</Badge>,
        suppressedAt: (
          <span className={styles.nowrap}>
            {format.dateTime(new Date(r.suppressedAt), { dateStyle: 'medium', timeStyle: 'short' })}
          </span>
        ),
      })}
    />
  )
}
