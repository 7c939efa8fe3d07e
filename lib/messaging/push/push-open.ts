// "Opened Push" from the app: each push carries, in its data, `send_id` and `open_token` (an
// HMAC-SHA256 of company and send under a key derived from the session secret). The SDK posts
// the token to POST /client/push-opens when the user opens the notification; the token names
// its own send, so one company's key can never record an open on another company's send.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { inWriteTx, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'

const mac = (companyId: number, sendId: string) =>
  createHmac('sha256', sessionSecret()).update(`push-open:${companyId}:${sendId}`).digest('base64url')

export const pushOpenToken = (companyId: number, sendId: string): string => `${sendId}.${mac(companyId, sendId)}`

/** The send id of a genuine token of this company, else null. */
export function verifyPushOpenToken(companyId: number, token: string): string | null {
  const dot = token.lastIndexOf('.')
  if (dot <= 0) return null
  const sendId = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1))
  const want = Buffer.from(mac(companyId, sendId))
  return given.length === want.length && timingSafeEqual(given, want) ? sendId : null
}

/** Records Opened Push once per send; false when the token or send is not this company's push. */
export async function recordPushOpen(companyId: number, token: string, now = new Date()): Promise<boolean> {
  const sendId = verifyPushOpenToken(companyId, token)
  if (!sendId) return false
  return inWriteTx(function* () {
    const s = yield* selectFirst(
      kysely()
        .selectFrom('Send')
        .select(['id', 'profileId', 'sourceId', 'sourceType', 'subject'])
        .where('companyId', '=', companyId)
        .where('id', '=', sendId)
        .where('channel', '=', 'push'),
    )
    if (!s) return false
    yield* recordMessageEventOps({
      companyId,
      profileId: s.profileId,
      metric: MESSAGE_METRICS.push.opened,
      sendId: s.id,
      at: now,
      properties: {
        $message: s.sourceId,
        $source_type: s.sourceType,
        channel: 'push',
        ...(s.subject ? { Subject: s.subject } : {}),
      },
    })
    return true
  })
}
