import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SftpSetupScreen } from '@/components/integrations/directory/sftp-setup-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('integrations.sftp'))('title') }
}

export default function Page() {
  return (
    <RouteScreen>
      <SftpSetupScreen />
    </RouteScreen>
  )
}
