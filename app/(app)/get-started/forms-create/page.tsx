import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { GetStartedFormsCreate } from '@/components/growth/get-started-forms-create'

export async function generateMetadata() {
  return { title: (await getTranslations('growth'))('formsCreateTitle') }
}

export default function GetStartedFormsCreatePage() {
  return (
    <RouteScreen>
      <GetStartedFormsCreate />
    </RouteScreen>
  )
}
