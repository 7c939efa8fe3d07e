// /profile/{profileId}/{profileEmail?}: the profile page, and its sub-pages activity-log,
// campaigns, lists-and-segments, metrics, objects and all-custom-objects/{key}. campaigns/create has
// its own page (app/(app)/profile/[profileId]/campaigns/create).
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ProfileView } from '@/components/profile/profile-view'
import { ProfileSubpageScreen, type ProfileSubpage } from '@/components/profile/profile-subpages'
import { currentPathname } from '@/lib/server/guard-route'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { matchRoute } from '@/lib/routes/match'
import { findCompanyProfile } from '@/lib/profile-view/get-profile-detail'
import { safeTimeZone } from '@/lib/profile-view/zoned-time'
import NotYetBuiltPage, { generateMetadata as notBuiltMetadata } from '@/app/(app)/[...path]/page'

const PROFILE_ROUTE = '/profile/:profileId/:profileEmail?'
const SUBPAGES: Record<string, ProfileSubpage> = {
  '/profile/:profileId/activity-log': 'activity-log',
  '/profile/:profileId/campaigns': 'campaigns',
  '/profile/:profileId/lists-and-segments': 'lists-and-segments',
  '/profile/:profileId/metrics': 'metrics',
  '/profile/:profileId/objects': 'objects',
  '/profile/:profileId/all-custom-objects/:customObjectKey': 'objects',
}

async function whichPage(): Promise<'profile' | ProfileSubpage | null> {
  const { pathname } = await currentPathname()
  const path = matchRoute(pathname)?.route.path
  if (path === PROFILE_ROUTE) return 'profile'
  return (path && SUBPAGES[path]) || null
}

export async function generateMetadata() {
  const page = await whichPage()
  if (!page) return notBuiltMetadata()
  const title = (await getTranslations('profile'))('pageTitle')
  if (page === 'profile') return { title }
  return { title: `${(await getTranslations('profilePages'))(`tab.${page}`)} · ${title}` }
}

export default async function ProfilePage({ params }: { params: Promise<{ profileId: string; rest?: string[] }> }) {
  const page = await whichPage()
  if (!page) return NotYetBuiltPage()
  const { profileId, rest } = await params
  // /profile/{id}/all-custom-objects/{key}: one custom object type's records of the profile.
  const objectKey = rest?.[0] === 'all-custom-objects' ? rest[1] : undefined
  if (page === 'profile')
    return (
      <RouteScreen>
        <ProfileView profileId={profileId} />
      </RouteScreen>
    )
  const principal = await getCurrentPrincipal()
  if (!principal) return null
  const profile = /^[0-9A-Za-z]{1,64}$/.test(profileId)
    ? await findCompanyProfile(principal.companyId, profileId)
    : null
  if (!profile) notFound()
  const t = await getTranslations('profile')
  return (
    <RouteScreen>
      <ProfileSubpageScreen
        profileId={profileId}
        name={
          [profile.firstName, profile.lastName].filter(Boolean).join(' ') ||
          profile.email ||
          profile.phoneNumber ||
          profile.externalId ||
          t('anonymous')
        }
        subtitle={[profile.email, profile.phoneNumber].filter(Boolean).join(' · ')}
        page={page}
        timeZone={safeTimeZone(principal.company.timezone)}
        objectKey={objectKey}
      />
    </RouteScreen>
  )
}
