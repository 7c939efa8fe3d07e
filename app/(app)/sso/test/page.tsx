import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SsoTestScreen } from '@/components/sso/sso-test-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('sso'))('testTitle') }
}

// /sso/test – a test sign-in at the identity provider (result=ok|failed after the round trip)
export default async function SsoTestPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { result } = await searchParams
  return (
    <RouteScreen>
      <SsoTestScreen result={result === 'ok' || result === 'failed' ? result : null} />
    </RouteScreen>
  )
}
