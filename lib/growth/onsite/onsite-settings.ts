// The company's onsite switches (/wizard/web-tracking); no row means the defaults.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { invalidateLiveForms } from '@/lib/forms/live-forms-cache'

export const onsiteSwitchesBody = z
  .object({
    trackingEnabled: z.boolean(),
    requireConsent: z.boolean(),
    formsEnabled: z.boolean(),
  })
  .strict()

export type OnsiteSwitches = z.infer<typeof onsiteSwitchesBody>

export async function getOnsiteSwitches(companyId: number): Promise<OnsiteSwitches> {
  const row = await db.onsiteSettings.findUnique({ where: { companyId } })
  return {
    trackingEnabled: row?.trackingEnabled ?? true,
    requireConsent: row?.requireConsent ?? false,
    formsEnabled: row?.formsEnabled ?? true,
  }
}

export async function saveOnsiteSwitches(companyId: number, body: OnsiteSwitches): Promise<OnsiteSwitches> {
  await db.onsiteSettings.upsert({ where: { companyId }, create: { companyId, ...body }, update: body })
  // formsEnabled is part of the live forms payload.
  invalidateLiveForms(companyId)
  return body
}
