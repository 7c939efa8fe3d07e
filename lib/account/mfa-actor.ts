// Who may use the two-factor calls: a signed-in user (turning it on from the security
// screen) or a half-authenticated session of the right kind (during sign-in).
import { unauthorized } from '@/lib/errors/app-error'
import { SESSION_COOKIE } from '@/lib/auth/config'
import { getPrincipal, unsealSessionId } from '@/lib/auth/session'
import { loadPendingMfaSession, type PendingMfaSession } from '@/lib/auth/principal'

export type MfaActor =
  | { kind: 'full'; userId: number; companyId: number; email: string; sessionId: string }
  | { kind: 'pending'; pending: PendingMfaSession; userId: number; companyId: number; email: string; sessionId: string }

export async function pendingMfaSession(
  cookies: Record<string, string>,
  kind: 'verify' | 'setup' | 'any',
): Promise<PendingMfaSession> {
  const sid = await unsealSessionId(cookies[SESSION_COOKIE])
  const pending = sid ? await loadPendingMfaSession(sid) : null
  if (!pending || (kind !== 'any' && pending.kind !== kind))
    throw unauthorized('Your sign-in has expired. Sign in again.')
  return pending
}

/** The signed-in user, or a half-authenticated session that must set two-factor sign-in up. */
export async function mfaSetupActor(cookies: Record<string, string>): Promise<MfaActor> {
  const p = await getPrincipal(cookies[SESSION_COOKIE])
  if (p) {
    if (p.staffAccess) throw unauthorized()
    return { kind: 'full', userId: p.userId, companyId: p.companyId, email: p.user.email, sessionId: p.sessionId }
  }
  const pending = await pendingMfaSession(cookies, 'setup')
  return {
    kind: 'pending',
    pending,
    userId: pending.userId,
    companyId: pending.companyId,
    email: pending.email,
    sessionId: pending.sessionId,
  }
}
