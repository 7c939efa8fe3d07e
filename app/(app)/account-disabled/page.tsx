import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AccountNoticeScreen } from '@/components/auth/account-notice-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('accountNotice'))('disabled.title') }
}

// /account-disabled – what happened and what to do next
export default function Page() {
  return (
    <RouteScreen>
      <AccountNoticeScreen notice="disabled" />
    </RouteScreen>
  )
}
