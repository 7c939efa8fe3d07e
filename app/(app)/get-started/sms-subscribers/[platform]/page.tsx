import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsSubscribersScreen } from '@/components/get-started/sms-subscribers-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('smsSubscribersTitle') }
}

export default async function Page({ params }: { params: Promise<{ platform: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <SmsSubscribersScreen platform={p.platform} />
    </RouteScreen>
  )
}
