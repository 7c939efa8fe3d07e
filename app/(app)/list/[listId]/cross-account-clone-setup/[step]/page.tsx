import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CrossAccountCloneWizard } from '@/components/portfolio/clone/cross-account-clone-wizard'
import { notFound } from 'next/navigation'
import { FOUR_STEPS, listCloneSteps } from '@/components/portfolio/clone/clone-steps'

export async function generateMetadata() {
  return { title: (await getTranslations('crossAccountClone'))('pageTitle') }
}

// The route's parameter is groupId (a list or a segment); the folder is [listId] because the
// /list/{listId} pages share this level.
export default async function Page({ params }: { params: Promise<{ listId: string; step: string }> }) {
  const { listId, step } = await params
  if (!(FOUR_STEPS as readonly string[]).includes(step)) notFound()
  return (
    <RouteScreen>
      <CrossAccountCloneWizard
        kind="list"
        sourceId={listId}
        steps={listCloneSteps(listId)}
        step={step}
        backHref={`/list/${encodeURIComponent(listId)}`}
      />
    </RouteScreen>
  )
}
