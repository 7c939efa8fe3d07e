import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CreateWithAiScreen } from '@/components/templates/create-with-ai-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('createWithAi'))('title') }
}

export default function CreateWithAiPage() {
  return (
    <RouteScreen>
      <CreateWithAiScreen />
    </RouteScreen>
  )
}
