import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PerformanceScreen } from '@/components/dashboard/performance-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('performance'))('title') }
}

export default async function PerformancePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const days = Number((await searchParams).days ?? 30)
  return (
    <RouteScreen>
      <PerformanceScreen days={Number.isFinite(days) ? days : 30} />
    </RouteScreen>
  )
}
