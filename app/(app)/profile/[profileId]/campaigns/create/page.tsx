import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ProfileCampaignCreateScreen } from '@/components/profile/profile-campaign-create-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('profileCampaignTitle') }
}

export default async function Page({ params }: { params: Promise<{ profileId: string }> }) {
  const { profileId } = await params
  return (
    <RouteScreen>
      <ProfileCampaignCreateScreen profileId={profileId} />
    </RouteScreen>
  )
}
