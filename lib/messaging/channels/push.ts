// Push through FCM HTTP v1 (lib/messaging/push): the rendered title and body go to each active
// token of the profile, with the send id in the data (the SDK reports "Opened Push" with it).
// A token FCM calls UNREGISTERED (or an invalid registration token) is unregistered at once.
// Outcome: sent when at least one device took it (tokens that answered 429/5xx then are not
// retried, so no device gets it twice); retry when none took it and one may later; bounced
// when every token was rejected; failed 'no_push_token' when the profile has none.
import { inWriteTx, read } from '@/lib/db/ops'
import { activePushTokensOps, unregisterPushTokenOps } from '../push/push-tokens'
import { loadServiceAccount } from '../push/push-settings'
import { sendFcm } from '../push/fcm-client'
import { renderPush } from '../push/render-push'
import { pushOpenToken } from '../push/push-open'
import { notConfigured, type DeliverChannel } from './types'
import { renderFailureOutcome } from '../render-failure'

export const deliverPush: DeliverChannel = async (s, now) => {
  const sa = await loadServiceAccount(s.companyId)
  if (!sa) return notConfigured('push')
  const tokens = await read(activePushTokensOps(s.companyId, s.profile.id))
  if (!tokens.length) return { kind: 'failed', reason: 'no_push_token', error: 'The profile has no active push token.' }
  let msg
  try {
    msg = renderPush(s, now)
  } catch (e) {
    return renderFailureOutcome(e)
  }
  const sent: string[] = []
  const errors: string[] = []
  let retry = false
  let unknown = false
  for (const t of tokens) {
    const r = await sendFcm(sa, {
      token: t.token,
      title: msg.title,
      body: msg.body,
      data: { send_id: s.id, open_token: pushOpenToken(s.companyId, s.id), message_id: s.sourceId },
    })
    if (r.kind === 'sent') sent.push(r.name)
    else {
      errors.push(r.error)
      if (r.kind === 'invalid_token')
        await inWriteTx(() => unregisterPushTokenOps(s.companyId, t.token, 'provider_rejected', now))
      if (r.kind === 'retry') retry = true
      if (r.kind === 'unknown') unknown = true
    }
  }
  if (sent.length) return { kind: 'sent', provider: 'fcm', providerMessageId: sent.join(','), subject: msg.title }
  if (unknown) return { kind: 'unknown', error: errors.join('; ') }
  if (retry) return { kind: 'retry', error: errors.join('; ') }
  if (
    errors.length === tokens.length &&
    errors.every((e) => /UNREGISTERED|NOT_FOUND|registration token|INVALID_ARGUMENT/.test(e))
  ) {
    return { kind: 'bounced', error: errors.join('; ') }
  }
  return { kind: 'failed', reason: 'provider_refused', error: errors.join('; ') }
}
