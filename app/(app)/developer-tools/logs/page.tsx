import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { LogsScreen } from '@/components/developer-tools/logs-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('developerTools'))('logsTitle') }
}

export default function DeveloperToolsLogsPage() {
  return (
    <RouteScreen>
      <LogsScreen />
    </RouteScreen>
  )
}
