// An account that enforces single sign-on takes no password from its members, except those on
// its exemption list (/sso/exemption-list): an administrator kept as a way back in.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'

export const SSO_REQUIRED = 'This account signs in with single sign-on. Use "Sign in with SSO".'

export async function assertPasswordAllowed(userId: number, companyId: number): Promise<void> {
  const cfg = await db.ssoConfig.findUnique({ where: { companyId }, select: { enabled: true, enforced: true } })
  if (!cfg?.enabled || !cfg.enforced) return
  const exempt = await db.ssoExemption.findUnique({ where: { companyId_userId: { companyId, userId } } })
  if (!exempt) throw new AppError('sso_required', 403, SSO_REQUIRED)
}
