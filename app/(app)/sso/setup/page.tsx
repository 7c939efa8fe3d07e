import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SsoSetupScreen } from '@/components/sso/sso-setup-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('sso'))('setupTitle') }
}

// /sso/setup – single sign-on administration (account_security_page)
export default function Page() {
  return (
    <RouteScreen>
      <SsoSetupScreen />
    </RouteScreen>
  )
}
