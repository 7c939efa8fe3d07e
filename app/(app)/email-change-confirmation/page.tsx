import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { EmailChangeConfirmation } from '@/components/settings/email-change-confirmation'

export async function generateMetadata() {
  return { title: (await getTranslations('emailConfirmation'))('changeTitle') }
}

export default async function EmailChangeConfirmationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { token } = await searchParams
  return (
    <RouteScreen>
      <EmailChangeConfirmation token={typeof token === 'string' ? token : null} />
    </RouteScreen>
  )
}
