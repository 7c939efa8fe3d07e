import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SampleDataScreen } from '@/components/developer-tools/sample-data-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('developerTools'))('sampleTitle') }
}

export default function SampleDataGeneratorPage() {
  return (
    <RouteScreen>
      <SampleDataScreen />
    </RouteScreen>
  )
}
