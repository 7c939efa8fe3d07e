import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CrossAccountCloneWizard } from '@/components/portfolio/clone/cross-account-clone-wizard'
import { notFound } from 'next/navigation'
import { campaignCloneSteps, FOUR_STEPS } from '@/components/portfolio/clone/clone-steps'

export async function generateMetadata() {
  return { title: (await getTranslations('crossAccountClone'))('pageTitle') }
}

export default async function Page({ params }: { params: Promise<{ campaignId: string; step: string }> }) {
  const { campaignId, step } = await params
  if (!(FOUR_STEPS as readonly string[]).includes(step)) notFound()
  return (
    <RouteScreen>
      <CrossAccountCloneWizard
        kind="campaign"
        sourceId={campaignId}
        steps={campaignCloneSteps(campaignId)}
        step={step}
        backHref="/campaigns"
      />
    </RouteScreen>
  )
}
