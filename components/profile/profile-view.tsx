// Server side of /profile/{profileId}: the profile of the current company (else 404), read once
// for the first paint; the client screen keeps it fresh and edits it.
import { notFound } from 'next/navigation'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getProfileDetail } from '@/lib/profile-view/get-profile-detail'
import { safeTimeZone } from '@/lib/profile-view/zoned-time'
import { ProfileScreen } from './profile-screen'

export async function ProfileView({ profileId }: { profileId: string }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const detail = /^[0-9A-Za-z]{1,64}$/.test(profileId) ? await getProfileDetail(p.companyId, profileId) : null
  if (!detail) notFound()
  return (
    <ProfileScreen
      initial={detail}
      canWrite={p.resources.has('profile_write')}
      timeZone={safeTimeZone(p.company.timezone)}
    />
  )
}
