import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SsoExemptionsScreen } from '@/components/sso/sso-exemptions-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('sso'))('exemptionsTitle') }
}

// /sso/exemption-list – single sign-on administration (account_security_page)
export default function Page() {
  return (
    <RouteScreen>
      <SsoExemptionsScreen />
    </RouteScreen>
  )
}
