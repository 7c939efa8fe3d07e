import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BuilderPage } from '@/components/analytics/report-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('analytics'))('newReport') }
}

// ?from=<library key> opens a ready-made report of the library.
export default async function CreateReportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const from = (await searchParams).from
  return (
    <RouteScreen>
      <BuilderPage from={typeof from === 'string' ? from : undefined} />
    </RouteScreen>
  )
}
