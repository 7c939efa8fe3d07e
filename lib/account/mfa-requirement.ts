// An owner can require two-factor sign-in for every member (two_step_required). Members without
// it are sent to /configure-mfa at their next sign-in; the owner must have it on first, so
// turning it on never locks the owner out of their own settings.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { recordAudit } from './record-audit'

export const OWNER_NEEDS_MFA = 'Turn on two-factor sign-in for yourself before requiring it for everyone.'

export async function getMfaRequirement(companyId: number) {
  const c = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { mfaRequired: true } })
  return { twoStepRequired: c.mfaRequired }
}

export async function setMfaRequirement(companyId: number, userId: number, required: boolean) {
  if (required) {
    const me = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { mfaEnabled: true } })
    if (!me.mfaEnabled) throw new AppError('invalid', 400, OWNER_NEEDS_MFA, { two_step_required: [OWNER_NEEDS_MFA] })
  }
  await db.$transaction(async (tx) => {
    await tx.company.update({ where: { id: companyId }, data: { mfaRequired: required } })
    await recordAudit(tx, { companyId, userId, action: 'company.mfa_requirement_changed', details: { required } })
  })
  return { twoStepRequired: required }
}
