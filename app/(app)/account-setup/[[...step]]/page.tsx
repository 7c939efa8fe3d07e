import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AccountSetupScreen } from '@/components/onboarding/account-setup-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('onboarding'))('setupTitle') }
}

// One page for every step: /account-setup resumes, /account-setup/{step}[/{sub-step}] shows it.
export default async function AccountSetupPage({ params }: { params: Promise<{ step?: string[] }> }) {
  const step = (await params).step
  return (
    <RouteScreen>
      <AccountSetupScreen step={step?.join('/')} />
    </RouteScreen>
  )
}
