import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { AuthorizeScreen } from '@/components/oauth/authorize-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('oauthApps'))('authorizeMetaTitle') }
}

// The signed-out merchant is sent to login and back here by the request gate (a registered route).
export default async function AuthorizePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const raw = await searchParams
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') query.set(k, v)
  return (
    <RouteScreen>
      <AuthorizeScreen query={query.toString()} />
    </RouteScreen>
  )
}
