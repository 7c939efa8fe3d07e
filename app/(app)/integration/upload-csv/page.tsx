import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CsvUploadScreen } from '@/components/integrations/directory/csv-upload-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('integrations.csv'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <CsvUploadScreen />
    </RouteScreen>
  )
}
