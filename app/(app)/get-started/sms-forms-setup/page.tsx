import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GetStartedSmsForms } from '@/components/growth/get-started-sms-forms'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('smsFormsTitle') }
}

export default function GetStartedSmsFormsPage() {
  return (
    <RouteScreen>
      <GetStartedSmsForms />
    </RouteScreen>
  )
}
