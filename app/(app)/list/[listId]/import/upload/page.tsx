import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { CsvImportScreen } from '@/components/lists/import/csv-import-screen'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { companyPhoneRegion } from '@/lib/imports/company-phone-region'

export async function generateMetadata() {
  return { title: (await getTranslations('listImport'))('pageTitle') }
}

export default async function ListImportPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params
  const principal = await getCurrentPrincipal()
  const phoneRegion = principal ? await companyPhoneRegion(principal.companyId) : undefined
  return (
    <RouteScreen>
      <CsvImportScreen listId={listId} phoneRegion={phoneRegion} />
    </RouteScreen>
  )
}
