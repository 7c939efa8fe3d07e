import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsRegistrationScreen } from '@/components/inbox-settings/sms-registration-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('smsTools'))('nzTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SmsRegistrationScreen country="nz" />
    </RouteScreen>
  )
}
