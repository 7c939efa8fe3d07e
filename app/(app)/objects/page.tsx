import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ObjectsList } from '@/components/objects/objects-list'

export async function generateMetadata() {
  return { title: (await getTranslations('customObjects'))('title') }
}

export default function ObjectsPage() {
  return (
    <RouteScreen>
      <ObjectsList />
    </RouteScreen>
  )
}
