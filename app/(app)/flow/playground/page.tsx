import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FlowPlaygroundScreen } from '@/components/flows/playground/flow-playground-screen'

// A literal segment, so app/(app)/flow/[flowId]/route.ts (the .json export) does not answer it.
export async function generateMetadata() {
  return { title: (await getTranslations('flowPlayground'))('title') }
}

export default function FlowPlaygroundPage() {
  return (
    <RouteScreen>
      <FlowPlaygroundScreen />
    </RouteScreen>
  )
}
