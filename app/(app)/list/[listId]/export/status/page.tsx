import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ExportStatusScreen } from '@/components/lists/export-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('audiencePages'))('exportStatusTitle') }
}

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ listId: string }>
  searchParams: Promise<{ download?: string }>
}) {
  const { listId } = await params
  const n = Number((await searchParams).download)
  return (
    <RouteScreen>
      <ExportStatusScreen groupId={listId} downloadId={Number.isSafeInteger(n) && n > 0 ? n : undefined} />
    </RouteScreen>
  )
}
