import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { TagsSettingsScreen } from '@/components/tags/tags-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('tagsSettings'))('title') }
}

export default function TagsSettingsPage() {
  return (
    <RouteScreen>
      <TagsSettingsScreen />
    </RouteScreen>
  )
}
