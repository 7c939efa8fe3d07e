import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CsvImportScreen } from '@/components/lists/import/csv-import-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('listImport'))('pageTitle') }
}

export default async function ListImportPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  return (
    <RouteScreen>
      <CsvImportScreen listId={listId} />
    </RouteScreen>
  )
}
