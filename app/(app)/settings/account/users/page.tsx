import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AccountUsersScreen } from '@/components/settings/account-users-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('accountUsers'))('title') }
}

export default function AccountUsersPage() {
  return (
    <RouteScreen>
      <AccountUsersScreen />
    </RouteScreen>
  )
}
