import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WizardScreen } from '@/components/campaigns/wizard/wizard-screen'
import { STEPS, type Step } from '@/components/campaigns/wizard/steps'

export async function generateMetadata() {
  return { title: (await getTranslations('campaigns'))('wizardTitle') }
}

// /campaign/{id}/wizard/{step}: audience, content, ab-test, schedule, review.
export default async function CampaignWizardPage({
  params,
}: {
  params: Promise<{ campaignId: string; step: string }>
}) {
  const { campaignId, step } = await params
  if (!(STEPS as readonly string[]).includes(step)) notFound()
  return (
    <RouteScreen>
      <WizardScreen campaignId={campaignId} step={step as Step} />
    </RouteScreen>
  )
}
