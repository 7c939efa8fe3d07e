import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { QuarterlyReview } from '@/components/partners/quarterly-review'

export async function generateMetadata() {
  return { title: (await getTranslations('quarterlyReview'))('qgr.title') }
}

// /partners-qgr – the account's figures by quarter
export default function PartnersQgrPage() {
  return (
    <RouteScreen>
      <QuarterlyReview kind="qgr" />
    </RouteScreen>
  )
}
