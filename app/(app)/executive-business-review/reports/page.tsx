import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { QuarterlyReview } from '@/components/partners/quarterly-review'

export async function generateMetadata() {
  return { title: (await getTranslations('quarterlyReview'))('executive.title') }
}

// /executive-business-review/reports – the account's figures by quarter
export default function ExecutiveBusinessReviewPage() {
  return (
    <RouteScreen>
      <QuarterlyReview kind="executive" />
    </RouteScreen>
  )
}
