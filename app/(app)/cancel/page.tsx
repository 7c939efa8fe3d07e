import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CancelScreen } from '@/components/billing/cancel-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billing'))('cancelTitle') }
}

export default function CancelPage() {
  return (
    <RouteScreen>
      <CancelScreen />
    </RouteScreen>
  )
}
