'use client'
// /profile/{profileId}: a two-column page. Left: who the person is, their consent and
// suppressions, their lists and segments. Right: the activity timeline and custom properties.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import type { ProfileDetail } from '@/lib/profile-view/profile-detail-types'
import { displayName, fetchProfile, profileKey } from './profile-api'
import { ProfileIdentityCard } from './profile-identity-card'
import { ProfileConsentPanel } from './profile-consent-panel'
import { ProfileGroupsCard } from './profile-groups-card'
import { ProfilePredictiveCard } from '@/components/predictive/profile-predictive-card'
import { ProfileTimeline } from './profile-timeline'
import { ProfilePropertiesCard } from './profile-properties-card'
import { ProfileEditModal } from './profile-edit-modal'
import styles from './profile-screen.module.css'

export interface ProfileScreenProps {
  initial: ProfileDetail
  canWrite: boolean
  /** The company's time zone: days and times on this page are the account's. */
  timeZone: string
}

export function ProfileScreen({ initial, canWrite, timeZone }: ProfileScreenProps) {
  const t = useTranslations('profile')
  const key = profileKey(initial.profile.id)
  const { data, mutate } = useSWR(key, fetchProfile, { fallbackData: initial, revalidateOnMount: false })
  const detail = data ?? initial
  const [editing, setEditing] = useState(false)
  const update = (d: ProfileDetail) => void mutate(d, { revalidate: false })
  const name = displayName(detail.profile) ?? t('anonymous')
  const subtitle = [detail.profile.email, detail.profile.phoneNumber].filter(Boolean).join(' · ')

  return (
    <Page width="full">
      <PageHead
        title={name}
        description={subtitle || t('noContact')}
        actions={canWrite ? <Button onClick={() => setEditing(true)}>{t('editProfile')}</Button> : undefined}
      />
      <PageBody>
        <div className={styles.layout} data-testid="profile-screen">
          <div className={styles.side}>
            <ProfileIdentityCard profile={detail.profile} timeZone={timeZone} />
            <ProfileConsentPanel detail={detail} canWrite={canWrite} timeZone={timeZone} onChange={update} />
            <ProfileGroupsCard groups={detail.groups} timeZone={timeZone} />
            <ProfilePredictiveCard profileId={detail.profile.id} timeZone={timeZone} />
          </div>
          <div className={styles.main}>
            <ProfileTimeline profileId={detail.profile.id} metrics={detail.metrics} timeZone={timeZone} />
            <ProfilePropertiesCard detail={detail} canWrite={canWrite} onChange={update} />
          </div>
        </div>
      </PageBody>
      <ProfileEditModal detail={detail} open={editing} onClose={() => setEditing(false)} onSaved={update} />
    </Page>
  )
}
