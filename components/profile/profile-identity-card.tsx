'use client'
// Who the person is: avatar, name, contact details, location and when we first and last saw them.
import { useFormatter, useTranslations } from 'next-intl'
import { Avatar } from '@/components/ui/avatar'
import { Card } from '@/components/ui/card'
import type { ProfileIdentity } from '@/lib/profile-view/profile-detail-types'
import { displayName } from './profile-api'
import { BreakableEmail } from './breakable-email'
import styles from './profile-screen.module.css'

export function ProfileIdentityCard({ profile, timeZone }: { profile: ProfileIdentity; timeZone: string }) {
  const t = useTranslations('profile')
  const format = useFormatter()
  const name = displayName(profile) ?? t('anonymous')
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone }) : t('never')
  const place = [profile.location.city, profile.location.region, profile.location.country].filter(Boolean).join(', ')
  const role = [profile.title, profile.organization].filter(Boolean).join(' · ')
  const rows: Array<[string, React.ReactNode]> = [
    [
      t('email'),
      profile.email ? (
        <a href={`mailto:${profile.email}`} className={styles.email} aria-label={profile.email}>
          <BreakableEmail email={profile.email} />
        </a>
      ) : null,
    ],
    [t('phone'), profile.phoneNumber ? <a href={`tel:${profile.phoneNumber}`}>{profile.phoneNumber}</a> : null],
    [t('externalId'), profile.externalId],
    [t('location'), place || null],
    [
      t('address'),
      [profile.location.address1, profile.location.address2, profile.location.zip].filter(Boolean).join(', ') || null,
    ],
    [t('profileTimezone'), profile.location.timezone],
    [t('locale'), profile.locale],
    [t('firstSeen'), when(profile.createdAt)],
    [t('lastActive'), when(profile.lastEventAt)],
    [t('updated'), when(profile.updatedAt)],
  ]
  return (
    <Card>
      <div className={styles.identity} data-testid="profile-identity">
        <Avatar name={name} photoUrl={profile.image} size="large" />
        <div className={styles.identityText}>
          <p className={styles.identityName}>{name.includes('@') ? <BreakableEmail email={name} /> : name}</p>
          {role && <p className={styles.muted}>{role}</p>}
        </div>
      </div>
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value ?? <span className={styles.muted}>—</span>}</dd>
          </div>
        ))}
        <div className={styles.fact}>
          <dt>{t('profileId')}</dt>
          <dd>
            <code className={styles.code}>{profile.id}</code>
          </dd>
        </div>
      </dl>
    </Card>
  )
}
