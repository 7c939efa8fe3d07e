import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EmailConfirmationScreen } from '@/components/settings/email-confirmation-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('emailConfirmation'))('title') }
}

export default function EmailConfirmationPage() {
  return (
    <RouteScreen>
      <EmailConfirmationScreen />
    </RouteScreen>
  )
}
