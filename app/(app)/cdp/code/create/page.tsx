import { getTranslations } from 'next-intl/server'

import { RouteScreen } from '@/components/shell/route-screen'
import { FunctionEditorScreen } from '@/components/cdp-code/function-editor-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('cdpCode'))('createTitle') }
}

// /cdp/code/create writes a new function; ?functionId= opens an existing one in the same editor.
export default async function CodeCreatePage({ searchParams }: { searchParams: Promise<{ functionId?: string }> }) {
  const { functionId } = await searchParams
  return (
    <RouteScreen>
      <FunctionEditorScreen functionId={typeof functionId === 'string' && functionId ? functionId : undefined} />
    </RouteScreen>
  )
}
