// The server-side gate for pages and layouts: the proxy is a convenience, this is the lock.
// It repeats the proxy's decision with the real session and interrupts rendering with the
// right status: redirect to /login or /dashboard, notFound() (404) or forbidden() (403).
import 'server-only'
import { cache } from 'react'
import { headers } from 'next/headers'
import { forbidden, notFound, redirect } from 'next/navigation'
import { matchRoute } from '@/lib/routes/match'
import { decideAccess, loginRedirectUrl } from '@/lib/routes/access'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { getFeatureFlags } from '@/lib/flags/get-feature-flags'
import type { Principal } from '@/lib/auth/principal'
import type { RouteDef } from '@/lib/routes/types'

export const PATHNAME_HEADER = 'x-pathname'

export interface GuardedRoute {
  route: RouteDef
  params: Record<string, string>
  principal: Principal | null
  flags: Record<string, boolean>
}

const currentFlags = cache(async (companyId: number) => getFeatureFlags(companyId))

export async function guardRoute(pathname: string, search = ''): Promise<GuardedRoute> {
  const match = matchRoute(pathname)
  if (!match) notFound()
  const principal = await getCurrentPrincipal()
  const flags = principal ? await currentFlags(principal.companyId) : {}
  const viewer = principal
    ? { resources: principal.resources, staffResources: principal.staffResources, isStaff: principal.user.isStaff }
    : null
  switch (decideAccess(match.route, viewer, flags)) {
    case 'login':
      redirect(loginRedirectUrl(pathname, search))
    case 'dashboard':
      redirect('/dashboard')
    case 'not-found':
      notFound()
    case 'forbidden':
      forbidden()
    case 'allow':
      return { route: match.route, params: match.params, principal, flags }
  }
}

/** The path and query of the page being rendered, as proxy.ts passed them on (x-pathname). */
export async function currentPathname(): Promise<{ pathname: string; search: string }> {
  const value = (await headers()).get(PATHNAME_HEADER) ?? '/'
  const q = value.indexOf('?')
  return q < 0 ? { pathname: value, search: '' } : { pathname: value.slice(0, q), search: value.slice(q) }
}
