import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsDisclosureSetupScreen } from '@/components/inbox-settings/sms-disclosure-setup-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('smsTools'))('disclosureSetupTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SmsDisclosureSetupScreen />
    </RouteScreen>
  )
}
