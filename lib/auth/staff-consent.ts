// Staff consent: a customer account lets provider staff in until the end of a chosen day.
import { db } from '@/lib/db/client'

/** seed 000 §5: the expiry is normalised to 23:59:59.999 of the selected day (UTC date part). */
export function normaliseConsentExpiry(input: string | Date): Date {
  const d = typeof input === 'string' ? new Date(input) : input
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid date')
  const dayOnly = typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)
  const base = dayOnly ? new Date(input + 'T00:00:00.000Z') : d
  return new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate(), 23, 59, 59, 999))
}

export async function currentConsent(companyId: number, now = new Date()) {
  return db.staffConsent.findFirst({
    where: { companyId, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { expiresAt: 'desc' },
  })
}

export async function hasValidConsent(companyId: number, now = new Date()): Promise<boolean> {
  return (await currentConsent(companyId, now)) !== null
}
