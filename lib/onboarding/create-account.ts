// /account/create: a signed-in user opens another account (a second store, a client) and becomes
// its owner; the session moves to it and the setup wizard starts. Written in one transaction
// like sign-up (register-company.ts), with the same default feature flags.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { DEFAULT_ON } from '@/lib/flags/get-feature-flags'
import { randomPublicApiKey } from '@/lib/auth/register-company'
import { enforceRequestLimits, type RequestLimit } from '@/lib/rate-limit/request-limit'
import { normaliseTimeZone, UNKNOWN_TIME_ZONE } from '@/lib/metrics/time-zones'

export const CREATE_ACCOUNT_LIMIT: RequestLimit = {
  bucket: 'account-create:user',
  max: 10,
  windowMs: 24 * 60 * 60 * 1000,
  message: 'You have opened many accounts today. Please try again tomorrow.',
}

export const createAccountBody = z.object({
  companyName: z.string().trim().min(1, 'Enter the account’s company name.').max(200, 'Use at most 200 characters.'),
  timezone: z
    .string()
    .max(100)
    .optional()
    .refine((v) => !v || normaliseTimeZone(v) !== null, UNKNOWN_TIME_ZONE)
    .transform((v) => (v ? normaliseTimeZone(v)! : 'UTC')),
})

export async function createAccountForUser(userId: number, input: z.infer<typeof createAccountBody>): Promise<number> {
  await enforceRequestLimits([[CREATE_ACCOUNT_LIMIT, String(userId)]])
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const company = await tx.company.create({
          data: { name: input.companyName, publicApiKey: randomPublicApiKey(), timezone: input.timezone },
        })
        await tx.membership.create({ data: { userId, companyId: company.id, role: 'owner' } })
        await tx.featureFlag.createMany({
          data: DEFAULT_ON.map((name) => ({ companyId: company.id, name, enabled: true })),
        })
        await tx.accountSetup.create({ data: { companyId: company.id } })
        return company.id
      })
    } catch (e) {
      // The public key is 6 random characters: a collision is retried with another.
      if ((e as { code?: string }).code !== 'P2002' || attempt >= 5) throw e
    }
  }
}
