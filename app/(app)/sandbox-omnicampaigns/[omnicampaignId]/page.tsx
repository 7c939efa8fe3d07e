import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SandboxOmnicampaignScreen } from '@/components/campaigns/sandbox-omnicampaign-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('remainingEditors'))('sandboxHeading') }
}

// /sandbox-omnicampaigns/{id}: test sends of an omnichannel campaign that no report counts.
export default async function SandboxOmnicampaignPage({ params }: { params: Promise<{ omnicampaignId: string }> }) {
  const { omnicampaignId } = await params
  return (
    <RouteScreen>
      <SandboxOmnicampaignScreen omnicampaignId={omnicampaignId} />
    </RouteScreen>
  )
}
