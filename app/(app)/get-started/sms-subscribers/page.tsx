import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsSubscribersScreen } from '@/components/get-started/sms-subscribers-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('smsSubscribersTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SmsSubscribersScreen />
    </RouteScreen>
  )
}
