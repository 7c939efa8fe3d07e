import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { DownloadsView } from '@/components/downloads/downloads-view'

export async function generateMetadata() {
  return { title: (await getTranslations('downloads'))('title') }
}

// /downloads/:type? – the user's exported files; the optional segment filters by download type.
export default async function DownloadsPage({ params }: { params: Promise<{ type?: string[] }> }) {
  const { type } = await params
  return (
    <RouteScreen>
      <DownloadsView type={type?.[0]} />
    </RouteScreen>
  )
}
