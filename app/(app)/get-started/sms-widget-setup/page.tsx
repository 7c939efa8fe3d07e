import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GetStartedSmsWidget } from '@/components/growth/get-started-sms-widget'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('smsWidgetTitle') }
}

export default function GetStartedSmsWidgetPage() {
  return (
    <RouteScreen>
      <GetStartedSmsWidget />
    </RouteScreen>
  )
}
