import { getTranslations } from 'next-intl/server'
import { ResetCompleteScreen } from '@/components/auth/password-reset-screens'

export async function generateMetadata() {
  return { title: (await getTranslations('passwordReset'))('complete.title') }
}

export default function ResetCompletePage() {
  return <ResetCompleteScreen />
}
