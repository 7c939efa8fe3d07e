import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { UniversalContentScreen } from '@/components/templates/universal/universal-content-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('templateTranslate'))('ucPageTitle') }
}

export default async function UniversalContentEditorPage({
  params,
}: {
  params: Promise<{ ucType: string; universalId: string }>
}) {
  const p = await params
  return (
    <RouteScreen>
      <UniversalContentScreen universalId={p.universalId} />
    </RouteScreen>
  )
}
