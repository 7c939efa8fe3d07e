import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { PlansEditorScreen } from '@/components/staff/plans-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('billingExtras'))('plansTitle') }
}

// /staff/plans – the operator's plan editor (RouteScreen checks the staff_billing resource)
export default function StaffPlansPage() {
  return (
    <RouteScreen>
      <PlansEditorScreen />
    </RouteScreen>
  )
}
