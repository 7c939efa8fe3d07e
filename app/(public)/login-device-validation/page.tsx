import { getTranslations } from 'next-intl/server'
import { AccountNoticeScreen } from '@/components/auth/account-notice-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('accountNotice'))('deviceValidation.title') }
}

// /login-device-validation – what happened and what to do next
export default function Page() {
  return <AccountNoticeScreen notice="deviceValidation" />
}
