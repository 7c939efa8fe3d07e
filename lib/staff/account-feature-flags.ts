// Feature flags per account (/staff/feature-flags), through lib/flags so the change is seen at once.
import { z } from 'zod'
import { getFeatureFlags, KNOWN_FLAGS, setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { staffAccountAccess, type StaffActor } from './staff-account-access'

export const setAccountFlagBody = z.object({ name: z.enum(KNOWN_FLAGS), enabled: z.boolean() })

export async function getAccountFlags(actor: StaffActor, companyId: number) {
  await staffAccountAccess(actor, companyId, 'flags.view')
  const flags = await getFeatureFlags(companyId)
  return { flags: KNOWN_FLAGS.map((name) => ({ name, enabled: flags[name] === true })) }
}

export async function setAccountFlag(actor: StaffActor, companyId: number, body: z.infer<typeof setAccountFlagBody>) {
  await staffAccountAccess(actor, companyId, 'flags.update', body)
  await setFeatureFlag(companyId, body.name, body.enabled)
  return getAccountFlagsQuiet(companyId)
}

async function getAccountFlagsQuiet(companyId: number) {
  const flags = await getFeatureFlags(companyId)
  return { flags: KNOWN_FLAGS.map((name) => ({ name, enabled: flags[name] === true })) }
}
