import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PortfolioWizardScreen } from '@/components/portfolio/wizard-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('portfolio'))('wizardTitle') }
}

export default function Page() {
  return (
    <RouteScreen>
      <PortfolioWizardScreen />
    </RouteScreen>
  )
}
