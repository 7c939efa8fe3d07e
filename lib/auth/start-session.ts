// Every way into a session goes through startSession: signing in, accepting an invitation,
// setting a password from one, switching account and completing the second factor. The second
// factor and the owner's requirement are decided here once, so no door skips them (issue 29,
// finding 4: an accepted invitation gave a full session to a user with two-factor sign-in on).
import { db } from '@/lib/db/client'
import { createSession, effectiveExpiry, revokeSession } from './session'

export type MfaStep = 'verify' | 'setup' | null

/**
 * What stands between this user and a full session in this company: their own second factor
 * ('verify'), or the company's requirement when they have none ('setup').
 */
export async function mfaStepFor(userId: number, companyId: number, secondFactorPassed: boolean): Promise<MfaStep> {
  const [user, company] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { mfaEnabled: true } }),
    db.company.findUnique({ where: { id: companyId }, select: { mfaRequired: true } }),
  ])
  if (user.mfaEnabled) return secondFactorPassed ? null : 'verify'
  return company?.mfaRequired ? 'setup' : null
}

export interface StartSessionInput {
  userId: number
  companyId: number
  ip?: string | null
  userAgent?: string | null
  /**
   * True only where the second factor was just given, or for a session that is already full
   * (it got past the factor when it started).
   */
  secondFactorPassed?: boolean
  /** A session this browser had: it ends, the new one gets a new id. */
  replaces?: string | null
  /**
   * A full session changing company: it keeps its id and its expiry when nothing is pending in
   * the new company, and ends (for a new, half-authenticated one) when something is.
   */
  moves?: string | null
}

export interface StartedSession {
  session: { id: string; userId: number; companyId: number; expiresAt: Date; lastSeenAt?: Date }
  mfaPending: MfaStep
}

export async function startSession(input: StartSessionInput): Promise<StartedSession> {
  const mfaPending = await mfaStepFor(input.userId, input.companyId, input.secondFactorPassed ?? false)
  if (input.moves && !mfaPending) {
    const s = await db.session.update({
      where: { id: input.moves },
      data: { companyId: input.companyId, staffAccess: false },
    })
    return {
      session: { id: s.id, userId: s.userId, companyId: s.companyId, expiresAt: effectiveExpiry(s) },
      mfaPending,
    }
  }
  for (const previous of [input.replaces, input.moves]) if (previous) await revokeSession(previous)
  const session = await createSession({
    userId: input.userId,
    companyId: input.companyId,
    ip: input.ip,
    userAgent: input.userAgent,
    mfaPending,
  })
  // Every door but a company switch is a sign-in: stamped here once, so an accepted invitation
  // counts too (the dashboard said "Last sign-in: Never" to a user who had just joined).
  if (!input.moves)
    await db.user.update({
      where: { id: input.userId },
      data: { lastLoginAt: session.createdAt, lastLoginIp: input.ip ?? null },
    })
  return { session, mfaPending }
}
