// A company's direct APNs key (/settings/push-notifications): key id, team id, bundle id and
// environment in clear for the screen, the .p8 key sealed at rest (purpose "apns-key"). iOS
// tokens registered with vendor "apns" go to Apple directly with it (channels/push.ts).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { openSecret, sealSecret } from '@/lib/crypto/secret-box'
import { apnsKeyProblem, type ApnsKey } from './apns-client'

const PURPOSE = 'apns-key'
const appleId = (what: string) =>
  z
    .string(`Enter the ${what}.`)
    .trim()
    .regex(/^[A-Z0-9]{10}$/, `The ${what} is 10 letters and digits, as Apple shows it.`)

export const saveApnsKeyBody = z.object({
  keyId: appleId('key ID'),
  teamId: appleId('team ID'),
  bundleId: z
    .string('Enter the bundle ID.')
    .trim()
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'Enter the app bundle ID, such as com.example.shop.')
    .max(155),
  privateKey: z.string('Choose the .p8 key file.').min(1, 'Choose the .p8 key file.').max(10_000),
  environment: z.enum(['production', 'sandbox'], 'The environment must be production or sandbox.'),
})

export interface ApnsSettingsView {
  configured: boolean
  keyId: string | null
  teamId: string | null
  bundleId: string | null
  environment: 'production' | 'sandbox' | null
  updatedAt: string | null
}

const envOf = (v: string) => (v === 'sandbox' ? 'sandbox' : 'production') as ApnsKey['environment']

export async function getApnsSettingsView(companyId: number): Promise<ApnsSettingsView> {
  const s = await db.apnsSettings.findUnique({ where: { companyId } })
  return {
    configured: !!s,
    keyId: s?.keyId ?? null,
    teamId: s?.teamId ?? null,
    bundleId: s?.bundleId ?? null,
    environment: s ? envOf(s.environment) : null,
    updatedAt: s?.updatedAt.toISOString() ?? null,
  }
}

export async function saveApnsKey(companyId: number, input: z.infer<typeof saveApnsKeyBody>) {
  const problem = apnsKeyProblem(input.privateKey)
  if (problem) throw badRequest(problem, { privateKey: [problem] })
  const data = {
    keyId: input.keyId,
    teamId: input.teamId,
    bundleId: input.bundleId,
    environment: input.environment,
    keySealed: sealSecret(input.privateKey, PURPOSE),
  }
  await db.apnsSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return getApnsSettingsView(companyId)
}

export async function removeApnsKey(companyId: number): Promise<void> {
  await db.apnsSettings.deleteMany({ where: { companyId } })
}

/** The company's APNs key, or null when direct APNs is not set up. */
export async function loadApnsKey(companyId: number): Promise<ApnsKey | null> {
  const s = await db.apnsSettings.findUnique({ where: { companyId } })
  const pem = s && openSecret(s.keySealed, PURPOSE)
  if (!s || !pem) return null
  return { keyId: s.keyId, teamId: s.teamId, bundleId: s.bundleId, privateKey: pem, environment: envOf(s.environment) }
}
