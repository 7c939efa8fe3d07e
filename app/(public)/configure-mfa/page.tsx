import { cookies } from 'next/headers'
import { getTranslations } from 'next-intl/server'
import { redirect } from 'next/navigation'
import { MfaSetupScreen } from '@/components/auth/mfa-setup-screen'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { getPrincipal, unsealSessionId } from '@/lib/auth/session'
import { loadPendingMfaSession } from '@/lib/auth/principal'
import { loginRedirectUrl } from '@/lib/routes/access'

export async function generateMetadata() {
  return { title: (await getTranslations('mfa'))('setupTitle') }
}

// A signed-in user, or one half-way through a sign-in that the account's MFA requirement stopped.
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { next } = await searchParams
  const sealed = (await cookies()).get(SESSION_COOKIE)?.value
  const principal = await getPrincipal(sealed)
  const sid = principal ? null : await unsealSessionId(sealed)
  const pending = sid ? await loadPendingMfaSession(sid) : null
  if (!principal && pending?.kind !== 'setup') redirect(loginRedirectUrl('/configure-mfa'))
  return (
    <MfaSetupScreen next={typeof next === 'string' ? next : principal ? null : '/dashboard'} required={!principal} />
  )
}
