// SMS restrictions per account (/staff/sms-restrictions): no SMS at all, or only to numbers of
// some country calling codes. The send policy reads the row (lib/messaging/account-restrictions.ts).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { staffAccountAccess, type StaffActor } from './staff-account-access'

export const smsRestrictionBody = z.object({
  blocked: z.boolean(),
  allowedCountryCodes: z
    .array(z.string().regex(/^[1-9]\d{0,3}$/, 'A country calling code is 1 to 4 digits, e.g. 1 or 44.'))
    .max(50),
  reason: z.string().trim().max(500).default(''),
})

const view = (r: { blocked: boolean; allowedCountryCodes: string; reason: string; updatedAt: Date } | null) => ({
  blocked: r?.blocked ?? false,
  allowedCountryCodes: r ? (JSON.parse(r.allowedCountryCodes) as string[]) : [],
  reason: r?.reason ?? '',
  updatedAt: r?.updatedAt ?? null,
})

export async function getSmsRestriction(actor: StaffActor, companyId: number) {
  await staffAccountAccess(actor, companyId, 'sms_restrictions.view')
  return view(await db.smsRestriction.findUnique({ where: { companyId } }))
}

export async function setSmsRestriction(
  actor: StaffActor,
  companyId: number,
  body: z.infer<typeof smsRestrictionBody>,
) {
  await staffAccountAccess(actor, companyId, 'sms_restrictions.update', body)
  const data = {
    blocked: body.blocked,
    allowedCountryCodes: JSON.stringify([...new Set(body.allowedCountryCodes)]),
    reason: body.reason,
    updatedById: actor.userId,
  }
  return view(await db.smsRestriction.upsert({ where: { companyId }, create: { companyId, ...data }, update: data }))
}
