import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { QuarterlyReview } from '@/components/partners/quarterly-review'

export async function generateMetadata() {
  return { title: (await getTranslations('quarterlyReview'))('growthReview.title') }
}

// /partners-growth-review – the account's figures by quarter
export default function PartnersGrowthReviewPage() {
  return (
    <RouteScreen>
      <QuarterlyReview kind="growthReview" />
    </RouteScreen>
  )
}
