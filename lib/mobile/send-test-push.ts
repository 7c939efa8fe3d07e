// "Send test" of the push editor: the message rendered for a chosen profile and sent to one of
// that profile's device tokens (chosen on the screen) through the provider of the token, as a
// real delivery would (send-to-token.ts), without a Send row. A token the provider calls gone
// is unregistered here too, so the next real send does not try it.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { loadServiceAccount } from '@/lib/messaging/push/push-settings'
import { loadApnsKey } from '@/lib/messaging/push/apns-settings'
import { sendToToken } from '@/lib/messaging/push/send-to-token'
import { unregisterPushTokenOps } from '@/lib/messaging/push/push-tokens'
import { pushSendFor, renderPushOrThrow } from './preview-push'

export const sendTestPushMessageBody = z.object({
  profileId: z.string('Choose a profile.').trim().min(1, 'Choose a profile.').max(64),
  tokenId: z.string('Choose a device.').trim().min(1, 'Choose a device.').max(64),
})

/** The devices a test can go to: the profile's active tokens (this company's only). */
export async function testDevicesOf(companyId: number, lookup: string) {
  const q = lookup.trim()
  if (!q) return { profile: null, devices: [] }
  const profile = await db.profile.findFirst({
    where: { companyId, OR: [{ id: q }, { email: q.toLowerCase() }, { externalId: q }] },
    select: { id: true, email: true, firstName: true, lastName: true },
  })
  if (!profile) return { profile: null, devices: [] }
  const tokens = await db.pushToken.findMany({
    where: { companyId, profileId: profile.id, unregisteredAt: null },
    select: { id: true, platform: true, vendor: true, token: true, metadata: true, updatedAt: true },
    orderBy: { updatedAt: 'desc' },
    take: 20,
  })
  return {
    profile,
    devices: tokens.map((t) => {
      let model = ''
      try {
        model = String((JSON.parse(t.metadata) as Record<string, unknown>).device_model ?? '')
      } catch {
        // metadata that is not JSON just has no model name to show
      }
      return {
        id: t.id,
        platform: t.platform,
        vendor: t.vendor,
        tokenEnd: t.token.slice(-8),
        model,
        updatedAt: t.updatedAt.toISOString(),
      }
    }),
  }
}

export async function sendTestPushMessage(
  companyId: number,
  messageId: string,
  input: z.infer<typeof sendTestPushMessageBody>,
  now = new Date(),
) {
  const token = await db.pushToken.findFirst({
    where: { companyId, id: input.tokenId, profileId: input.profileId, unregisteredAt: null },
  })
  if (!token) throw notFound('This device is not registered for the profile.')
  const [fcm, apns] = await Promise.all([loadServiceAccount(companyId), loadApnsKey(companyId)])
  const s = await pushSendFor(companyId, messageId, input.profileId)
  const rendered = renderPushOrThrow(s, now)
  const r = await sendToToken({ fcm, apns }, token, rendered, { test: '1', message_id: messageId })
  if (r.kind === 'not_configured') throw badRequest(r.error)
  if (r.kind === 'invalid_token')
    await inWriteTx(() => unregisterPushTokenOps(companyId, token.token, 'provider_rejected', now))
  if (r.kind === 'sent') return { ok: true as const, provider: r.provider, id: r.id }
  return { ok: false as const, kind: r.kind, error: r.error }
}
