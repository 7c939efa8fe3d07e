// /profile/{profileId}/{profileEmail?}: the profile page. The other registered sub-pages of a
// profile (activity-log, metrics, …) are not built yet and get the shared not-available page.
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ProfileView } from '@/components/profile/profile-view'
import { currentPathname } from '@/lib/server/guard-route'
import { matchRoute } from '@/lib/routes/match'
import NotYetBuiltPage, { generateMetadata as notBuiltMetadata } from '@/app/(app)/[...path]/page'

const PROFILE_ROUTE = '/profile/:profileId/:profileEmail?'

async function isProfilePage() {
  const { pathname } = await currentPathname()
  return matchRoute(pathname)?.route.path === PROFILE_ROUTE
}

export async function generateMetadata() {
  if (!(await isProfilePage())) return notBuiltMetadata()
  return { title: (await getTranslations('profile'))('pageTitle') }
}

export default async function ProfilePage({ params }: { params: Promise<{ profileId: string }> }) {
  if (!(await isProfilePage())) return NotYetBuiltPage()
  const { profileId } = await params
  return (
    <RouteScreen>
      <ProfileView profileId={profileId} />
    </RouteScreen>
  )
}
