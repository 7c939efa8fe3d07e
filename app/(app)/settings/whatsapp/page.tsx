import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { WhatsAppSettingsScreen } from '@/components/settings/whatsapp-settings-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('whatsappSettings'))('title') }
}

export default function WhatsAppSettingsPage() {
  return (
    <RouteScreen>
      <WhatsAppSettingsScreen />
    </RouteScreen>
  )
}
