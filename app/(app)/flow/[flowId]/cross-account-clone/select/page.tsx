import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CrossAccountCloneScreen } from '@/components/flows/clone/cross-account-clone-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('flowClone'))('title') }
}

export default async function CrossAccountClonePage({ params }: { params: Promise<{ flowId: string }> }) {
  const { flowId } = await params
  return (
    <RouteScreen>
      <CrossAccountCloneScreen flowId={flowId} step="select" />
    </RouteScreen>
  )
}
