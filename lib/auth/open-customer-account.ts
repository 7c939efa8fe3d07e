// Staff open a customer account: only while the account's consent is valid. The session then
// carries staffAccess, and lib/auth/principal.ts gives it read-only (analyst) resources and
// drops it when consent ends.
import { db } from '@/lib/db/client'
import { AppError, notFound } from '@/lib/errors/app-error'
import { effectiveExpiry } from './session'
import { hasValidConsent } from './staff-consent'

export const NO_CONSENT = 'This account has not granted staff access, or the consent has expired.'

export async function openCustomerAccount(sessionId: string, companyId: number) {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { id: true } })
  if (!company) throw notFound('Account not found.')
  if (!(await hasValidConsent(companyId))) throw new AppError('no_consent', 403, NO_CONSENT)
  const s = await db.session.update({ where: { id: sessionId }, data: { companyId, staffAccess: true } })
  return { id: s.id, companyId: s.companyId, userId: s.userId, expiresAt: effectiveExpiry(s) }
}
