import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsSetupScreen } from '@/components/inbox-settings/sms-setup-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('smsTools'))('setupTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SmsSetupScreen />
    </RouteScreen>
  )
}
