import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AutomationsScreen } from '@/components/inbox-settings/automations-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('automationsTitle') }
}

// /automations lists the intent rules with a new one's form; /automations/{intentId} edits that one.
export default async function Page({ params }: { params: Promise<{ intentId?: string[] }> }) {
  const { intentId } = await params
  return (
    <RouteScreen>
      <AutomationsScreen intentId={intentId?.[0]} />
    </RouteScreen>
  )
}
