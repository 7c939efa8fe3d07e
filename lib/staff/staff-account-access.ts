// The one door of the staff tools into an account: the account must exist and its consent be
// valid (lib/auth/staff-consent.ts, as for opening it), and every pass — and every refusal — is
// written to the staff audit trail.
import { db } from '@/lib/db/client'
import { AppError, notFound } from '@/lib/errors/app-error'
import { hasValidConsent } from '@/lib/auth/staff-consent'
import { NO_CONSENT } from '@/lib/auth/open-customer-account'
import { recordStaffAction } from './record-staff-action'

export interface StaffActor {
  userId: number
  ip?: string | null
}

export interface StaffAccount {
  id: number
  name: string
}

export async function staffAccountAccess(
  actor: StaffActor,
  companyId: number,
  action: string,
  details: Record<string, unknown> = {},
  now = new Date(),
): Promise<StaffAccount> {
  const company = Number.isSafeInteger(companyId)
    ? await db.company.findUnique({ where: { id: companyId }, select: { id: true, name: true } })
    : null
  if (!company) throw notFound('There is no such account.')
  if (!(await hasValidConsent(company.id, now))) {
    await recordStaffAction({
      staffUserId: actor.userId,
      companyId: company.id,
      action: 'access.refused',
      details: { attempted: action },
      ip: actor.ip,
    })
    throw new AppError('no_consent', 403, NO_CONSENT)
  }
  await recordStaffAction({ staffUserId: actor.userId, companyId: company.id, action, details, ip: actor.ip })
  return company
}
