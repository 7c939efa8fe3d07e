import { getTranslations } from 'next-intl/server'
import { PasswordResetRequestScreen } from '@/components/auth/password-reset-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('passwordReset'))('request.title') }
}

export default function PasswordResetPage() {
  return <PasswordResetRequestScreen />
}
