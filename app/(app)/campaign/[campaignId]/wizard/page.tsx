import { redirect } from 'next/navigation'

// /campaign/{id}/wizard: the first step.
export default async function CampaignWizardIndex({ params }: { params: Promise<{ campaignId: string }> }) {
  const { campaignId } = await params
  redirect(`/campaign/${encodeURIComponent(campaignId)}/wizard/audience`)
}
