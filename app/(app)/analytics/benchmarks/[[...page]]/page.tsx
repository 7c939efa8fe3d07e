import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { BenchmarksScreen } from '@/components/deliverability/benchmarks-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('benchmarks'))('title') }
}

// /analytics/benchmarks/{page?}: the account's rates against its own history and reference figures.
export default async function BenchmarksPage({ params }: { params: Promise<{ page?: string[] }> }) {
  const { page } = await params
  return (
    <RouteScreen>
      <BenchmarksScreen page={page?.[0] ?? 'campaigns'} />
    </RouteScreen>
  )
}
