import { getTranslations } from 'next-intl/server'
import { notFound } from 'next/navigation'
import { RouteScreen } from '@/components/shell/route-screen'
import { FunctionInvocationsScreen } from '@/components/cdp-code/function-invocations-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('cdpCode'))('invocationsTitle') }
}

// /cdp/code/function/{functionId} lists the invocations; /{invocationId} shows one.
export default async function FunctionPage({
  params,
}: {
  params: Promise<{ functionId: string; invocationId?: string[] }>
}) {
  const { functionId, invocationId } = await params
  if (invocationId && invocationId.length > 1) notFound()
  return (
    <RouteScreen>
      <FunctionInvocationsScreen functionId={functionId} invocationId={invocationId?.[0]} />
    </RouteScreen>
  )
}
