// SMS through a Twilio-compatible REST provider (lib/messaging/sms): the body rendered for the
// profile, refused when it needs more segments than the company allows, then one POST to the
// Messages API with a status callback. Twilio's answer decides the outcome: accepted → sent
// (with the message SID); a 4xx about the recipient (invalid or unreachable number, opted
// out) → bounced (records Failed to Deliver SMS); another 4xx (credentials, sender) → failed;
// 429, 5xx or no connection → retried with backoff; no answer in time or a connection cut mid-request
// → unknown, never retried (Twilio may have accepted it: lib/messaging/provider-fetch-error.ts).
import { countSegments } from '../sms/segments'
import { loadSmsAccount } from '../sms/sms-settings'
import { renderSmsText } from '../sms/render-sms'
import { sendTwilioMessage } from '../sms/twilio-client'
import { smsStatusCallbackUrl } from '../sms/status-callback-url'
import { notConfigured, type DeliverChannel } from './types'
import { renderFailureOutcome } from '../render-failure'

/** Twilio error codes that are about the recipient's number, not our account. */
export const RECIPIENT_ERROR_CODES = new Set([21211, 21214, 21217, 21610, 21612, 21614])

export const deliverSms: DeliverChannel = async (s, now) => {
  const account = await loadSmsAccount(s.companyId)
  if (!account || (!account.senderNumber && !account.messagingServiceSid)) return notConfigured('sms')
  const to = s.profile.phoneNumber
  if (!to) return { kind: 'failed', reason: 'no_phone', error: 'The profile has no phone number.' }
  let body: string
  try {
    body = renderSmsText(s.content.text ?? '', s, now)
  } catch (e) {
    return renderFailureOutcome(e)
  }
  if (!body) return { kind: 'failed', reason: 'empty_body', error: 'The message is empty for this profile.' }
  const count = countSegments(body)
  if (count.segments > account.maxSegments) {
    return {
      kind: 'failed',
      reason: 'too_many_segments',
      error: `The message needs ${count.segments} segments (${count.encoding}, ${count.characters} characters); the limit is ${account.maxSegments}.`,
    }
  }
  const r = await sendTwilioMessage(account, { to, body, statusCallback: smsStatusCallbackUrl(s.companyId, s.id) })
  if (r.kind === 'accepted')
    return { kind: 'sent', provider: 'twilio', providerMessageId: r.sid, segments: count.segments }
  if (r.kind === 'transport')
    return r.maybeSent ? { kind: 'unknown', error: r.error } : { kind: 'retry', error: r.error }
  const error = r.message
  if (r.httpStatus === 429 || r.httpStatus >= 500) return { kind: 'retry', error }
  if (r.code !== null && RECIPIENT_ERROR_CODES.has(r.code)) return { kind: 'bounced', error }
  return { kind: 'failed', reason: 'provider_refused', error }
}
