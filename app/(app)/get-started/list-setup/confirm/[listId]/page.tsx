import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListStepScreen } from '@/components/get-started/list-step-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('getStartedGuides'))('listSetupTitle') }
}

export default async function Page({ params }: { params: Promise<{ listId: string }> }) {
  const p = await params
  return (
    <RouteScreen>
      <ListStepScreen view="confirm" listId={p.listId} />
    </RouteScreen>
  )
}
