import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsSettingsScreen } from '@/components/settings/sms-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('smsSettings'))('title') }
}

export default function SmsSettingsPage() {
  return (
    <RouteScreen>
      <SmsSettingsScreen />
    </RouteScreen>
  )
}
