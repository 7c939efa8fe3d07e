// A customer account grants staff access until the end of a chosen day (today .. 30 days).
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { currentConsent, normaliseConsentExpiry } from './staff-consent'

export const CONSENT_MAX_DAYS = 30

export interface ConsentView {
  expiresAt: string
  grantedBy: string
}

export async function getConsentView(companyId: number): Promise<ConsentView | null> {
  const c = await currentConsent(companyId)
  if (!c) return null
  const by = await db.user.findUnique({
    where: { id: c.grantedById },
    select: { firstName: true, lastName: true, email: true },
  })
  const name = by ? `${by.firstName} ${by.lastName}`.trim() || by.email : ''
  return { expiresAt: c.expiresAt.toISOString(), grantedBy: name }
}

export async function grantStaffConsent(companyId: number, userId: number, expiresAtInput: string, now = new Date()) {
  let expiresAt: Date
  try {
    expiresAt = normaliseConsentExpiry(expiresAtInput)
  } catch {
    throw badRequest('Please correct the highlighted fields.', { expiresAt: ['Enter a valid date.'] })
  }
  const endOfToday = normaliseConsentExpiry(now)
  const latest = new Date(endOfToday.getTime() + CONSENT_MAX_DAYS * 24 * 3600 * 1000)
  if (expiresAt < endOfToday)
    throw badRequest('Please correct the highlighted fields.', { expiresAt: ['Choose today or a later day.'] })
  if (expiresAt > latest) {
    throw badRequest('Please correct the highlighted fields.', {
      expiresAt: [`Choose a day at most ${CONSENT_MAX_DAYS} days ahead.`],
    })
  }
  await db.$transaction([
    db.staffConsent.updateMany({ where: { companyId, revokedAt: null }, data: { revokedAt: now } }),
    db.staffConsent.create({ data: { companyId, grantedById: userId, expiresAt } }),
  ])
  return getConsentView(companyId)
}

export async function revokeStaffConsent(companyId: number): Promise<void> {
  await db.staffConsent.updateMany({ where: { companyId, revokedAt: null }, data: { revokedAt: new Date() } })
}

/** The accounts staff may open now: a valid, unrevoked consent. */
export async function listConsentedCompanies(now = new Date()) {
  const rows = await db.staffConsent.findMany({
    where: { revokedAt: null, expiresAt: { gt: now } },
    orderBy: { expiresAt: 'asc' },
    include: { company: { select: { id: true, name: true } } },
  })
  const byCompany = new Map<number, { id: number; name: string; expiresAt: string }>()
  for (const r of rows)
    byCompany.set(r.companyId, { id: r.company.id, name: r.company.name, expiresAt: r.expiresAt.toISOString() })
  return [...byCompany.values()].sort((a, b) => a.name.localeCompare(b.name))
}
