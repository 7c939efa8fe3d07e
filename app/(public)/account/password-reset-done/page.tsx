import { getTranslations } from 'next-intl/server'
import { PasswordResetDoneScreen } from '@/components/auth/password-reset-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('passwordReset'))('done.title') }
}

export default function PasswordResetDonePage() {
  return <PasswordResetDoneScreen />
}
