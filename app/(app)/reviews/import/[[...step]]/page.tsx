import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ReviewImportScreen } from '@/components/reviews/review-import-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('reviews'))('import.title') }
}

// /reviews/import/:step? – the steps live in the screen: a reload starts again at the upload
export default function Page() {
  return (
    <RouteScreen>
      <ReviewImportScreen />
    </RouteScreen>
  )
}
