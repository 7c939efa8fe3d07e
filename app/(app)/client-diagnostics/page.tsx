import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ClientDiagnosticsScreen } from '@/components/developer-tools/client-diagnostics-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('developerTools'))('diagnosticsTitle') }
}

export default function ClientDiagnosticsPage() {
  return (
    <RouteScreen>
      <ClientDiagnosticsScreen />
    </RouteScreen>
  )
}
