// Push to each active token of the profile (lib/messaging/push): FCM HTTP v1, or Apple directly
// for tokens registered with vendor "apns" when the company has an APNs key; the rendered
// message carries its options (image, open action, badge, silent) and the send id in the data
// (the SDK reports "Opened Push" with it). A token the provider calls gone (FCM UNREGISTERED or
// an invalid registration token; APNs 410 or BadDeviceToken) is unregistered at once.
// Outcome: sent when at least one device took it (tokens that answered 429/5xx then are not
// retried, so no device gets it twice); retry when none took it and one may later; bounced
// when every token was rejected; failed 'no_push_token' when the profile has none.
import { inWriteTx, read } from '@/lib/db/ops'
import { activePushTokensOps, unregisterPushTokenOps } from '../push/push-tokens'
import { loadServiceAccount } from '../push/push-settings'
import { loadApnsKey } from '../push/apns-settings'
import { renderPush } from '../push/render-push'
import { pushOpenToken } from '../push/push-open'
import { sendToToken } from '../push/send-to-token'
import { notConfigured, type DeliverChannel } from './types'
import { renderFailureOutcome } from '../render-failure'

export const deliverPush: DeliverChannel = async (s, now) => {
  const [fcm, apns] = await Promise.all([loadServiceAccount(s.companyId), loadApnsKey(s.companyId)])
  if (!fcm && !apns) return notConfigured('push')
  const vendors = [...(fcm ? ['fcm'] : []), ...(apns ? ['apns'] : [])]
  const tokens = await read(activePushTokensOps(s.companyId, s.profile.id, vendors))
  if (!tokens.length) return { kind: 'failed', reason: 'no_push_token', error: 'The profile has no active push token.' }
  let msg
  try {
    msg = renderPush(s, now)
  } catch (e) {
    return renderFailureOutcome(e)
  }
  const sent: string[] = []
  const errors: string[] = []
  let invalid = 0
  let retry = false
  let unknown = false
  const data = { send_id: s.id, open_token: pushOpenToken(s.companyId, s.id), message_id: s.sourceId }
  for (const t of tokens) {
    const r = await sendToToken({ fcm, apns }, t, msg, data)
    if (r.kind === 'sent') sent.push(r.id)
    else {
      errors.push(r.error)
      if (r.kind === 'invalid_token') {
        invalid++
        await inWriteTx(() => unregisterPushTokenOps(s.companyId, t.token, 'provider_rejected', now))
      }
      if (r.kind === 'retry') retry = true
      if (r.kind === 'unknown') unknown = true
    }
  }
  const provider = apns && tokens.some((t) => t.vendor === 'apns') ? (fcm ? 'fcm+apns' : 'apns') : 'fcm'
  if (sent.length) return { kind: 'sent', provider, providerMessageId: sent.join(','), subject: msg.title }
  if (unknown) return { kind: 'unknown', error: errors.join('; ') }
  if (retry) return { kind: 'retry', error: errors.join('; ') }
  if (invalid === tokens.length) return { kind: 'bounced', error: errors.join('; ') }
  return { kind: 'failed', reason: 'provider_refused', error: errors.join('; ') }
}
