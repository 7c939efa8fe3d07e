import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsDisclosureScreen } from '@/components/inbox-settings/sms-disclosure-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('smsTools'))('disclosureTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SmsDisclosureScreen />
    </RouteScreen>
  )
}
