// Who is asking: the session row with its user, current company and resources.
import { db } from '@/lib/db/client'
import { resourcesForRole, ROLE_RESOURCES } from './roles'
import { sessionConfig } from './config'
import { hasValidConsent } from './staff-consent'

export interface Principal {
  sessionId: string
  userId: number
  companyId: number
  user: {
    id: number
    email: string
    firstName: string
    lastName: string
    locale: string | null
    photoUrl: string | null
    isStaff: boolean
    emailConfirmed: boolean
    lastLoginAt: Date | null
    lastLoginIp: string | null
  }
  company: {
    id: number
    name: string
    status: number
    timezone: string
    localeLanguage: string
    localeRegion: string
    planKey: string
    isTestAccount: boolean
    isInternalAccount: boolean
    publicApiKey: string
    avatarColor: string
    /** Two-factor sign-in required for every member (isMfaRequired). */
    mfaRequired: boolean
  }
  /** 'staff' when a staff user opened a customer account under consent. */
  role: string
  resources: Set<string>
  staffResources: string[]
  /** True while staff are inside a customer account under consent. */
  staffAccess: boolean
  isFavorite: boolean
  expiresAt: Date
}

function parseList(json: string): string[] {
  try {
    const v = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export async function loadPrincipalForSession(sid: string, opts: { touch?: boolean } = {}): Promise<Principal | null> {
  const row = await db.session.findUnique({ where: { id: sid }, include: { user: true, company: true } })
  // A half-authenticated session (second factor still to come) is nobody yet.
  if (!row || row.revokedAt || row.mfaPending) return null
  const now = Date.now()
  const idleEnd = row.lastSeenAt.getTime() + sessionConfig.idleSeconds * 1000
  if (row.expiresAt.getTime() <= now || idleEnd <= now) return null

  let company = row.company
  let role: string
  let resources: Set<string>
  let isFavorite = false
  let staffAccess = row.staffAccess
  const staffResources = row.user.isStaff ? parseList(row.user.staffResources) : []

  const membership = await db.membership.findUnique({
    where: { userId_companyId: { userId: row.userId, companyId: row.companyId } },
  })
  if (staffAccess && row.user.isStaff && !membership) {
    if (!(await hasValidConsent(row.companyId))) {
      // Consent ended or was revoked: staff fall back to their own account.
      const home = await db.membership.findFirst({
        where: { userId: row.userId },
        orderBy: { id: 'asc' },
        include: { company: true },
      })
      if (!home) return null
      await db.session.update({ where: { id: sid }, data: { companyId: home.companyId, staffAccess: false } })
      company = home.company
      role = home.role
      resources = new Set(resourcesForRole(home.role))
      staffAccess = false
    } else {
      // Staff inside a customer account read what an analyst reads.
      role = 'staff'
      resources = new Set(ROLE_RESOURCES.analyst)
    }
  } else if (membership) {
    role = membership.role
    resources = new Set(resourcesForRole(membership.role))
    isFavorite = membership.isFavorite
    staffAccess = false
  } else {
    return null
  }

  let lastSeenAt = row.lastSeenAt
  if (opts.touch !== false && now - row.lastSeenAt.getTime() > sessionConfig.touchSeconds * 1000) {
    lastSeenAt = new Date(now)
    await db.session.update({ where: { id: sid }, data: { lastSeenAt } })
  }
  const expiresAt = new Date(Math.min(row.expiresAt.getTime(), lastSeenAt.getTime() + sessionConfig.idleSeconds * 1000))

  const u = row.user
  return {
    sessionId: sid,
    userId: u.id,
    companyId: company.id,
    user: {
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      locale: u.locale,
      photoUrl: u.photoUrl,
      isStaff: u.isStaff,
      emailConfirmed: u.emailConfirmed,
      lastLoginAt: u.lastLoginAt,
      lastLoginIp: u.lastLoginIp,
    },
    company: {
      id: company.id,
      name: company.name,
      status: company.status,
      timezone: company.timezone,
      localeLanguage: company.localeLanguage,
      localeRegion: company.localeRegion,
      planKey: company.planKey,
      isTestAccount: company.isTestAccount,
      isInternalAccount: company.isInternalAccount,
      publicApiKey: company.publicApiKey,
      avatarColor: company.avatarColor,
      mfaRequired: company.mfaRequired,
    },
    role,
    resources,
    staffResources,
    staffAccess,
    isFavorite,
    expiresAt,
  }
}

/** A half-authenticated session lasts this long: enough to open the app and type a code. */
export const MFA_PENDING_SECONDS = 10 * 60

export interface PendingMfaSession {
  sessionId: string
  userId: number
  companyId: number
  /** 'verify': enter a code; 'setup': the company requires two-factor sign-in, set it up. */
  kind: 'verify' | 'setup'
  email: string
}

/** The session between password and second factor, or null (none, revoked, expired, or full). */
export async function loadPendingMfaSession(sid: string, now = Date.now()): Promise<PendingMfaSession | null> {
  const row = await db.session.findUnique({ where: { id: sid }, include: { user: { select: { email: true } } } })
  if (!row || row.revokedAt || (row.mfaPending !== 'verify' && row.mfaPending !== 'setup')) return null
  if (row.createdAt.getTime() + MFA_PENDING_SECONDS * 1000 <= now || row.expiresAt.getTime() <= now) return null
  return {
    sessionId: row.id,
    userId: row.userId,
    companyId: row.companyId,
    kind: row.mfaPending,
    email: row.user.email,
  }
}
