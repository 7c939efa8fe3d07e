import { getTranslations } from 'next-intl/server'
import { MfaResetDetailsScreen } from '@/components/auth/mfa-login-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('mfa'))('resetTitle') }
}

export default function Page() {
  return <MfaResetDetailsScreen />
}
