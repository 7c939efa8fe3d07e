import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AccountNoticeScreen } from '@/components/auth/account-notice-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('accountNotice'))('disabledTemporary.title') }
}

// /account-disabled-temporary – what happened and what to do next
export default function Page() {
  return (
    <RouteScreen>
      <AccountNoticeScreen notice="disabledTemporary" />
    </RouteScreen>
  )
}
