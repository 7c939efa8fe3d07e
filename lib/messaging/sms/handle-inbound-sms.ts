// An inbound SMS (POST /webhooks/sms/inbound, Twilio's incoming-message webhook): the company
// is the owner of the number it was sent To, the request must carry that company's
// X-Twilio-Signature, and the sender's profile is found (or created) by the From number.
// STOP-words unsubscribe (consent change + Unsubscribed from SMS), START-words resubscribe,
// HELP answers with the company's help text as TwiML; a custom opt-in keyword subscribes the
// sender to its list with SMS consent and answers its confirmation; any other text is a
// Received SMS event.
// Twilio retries a webhook it got no answer for: every event's unique id carries the
// MessageSid, and consent changes are idempotent, so a retry changes nothing.
import { escapeXml } from './twiml'
import { batchedWriteTx } from '@/lib/db/batched-write-tx'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { appLink } from '@/lib/config/app-url'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'
import { isUniqueViolation } from '@/lib/profiles/upsert-profile'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'
import { cachedSmsAccount, companyForNumber } from './sms-settings'
import { verifyTwilioSignature } from './twilio-signature'
import { keywordOf, matchKeyword } from './keywords'
import { keywordConsentOps, profileForPhoneOps, senderWithHooksOps } from './inbound-consent'
import { optInKeywordOps, type OptInKeyword } from './sms-opt-in-keywords'
import { addToListOps } from '@/lib/profiles/list-membership-sync'
import type { WebhookAnswer } from './handle-sms-status'
import {
  afterInboundMessage,
  storeInboundMessageOps,
  twilioMedia,
  type InboundCustomerMessage,
  type StoredInbound,
} from '../inbound-message-consumers'

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'
const twiml = (body: string): WebhookAnswer => ({ status: 200, body, contentType: 'text/xml; charset=utf-8' })

export async function handleInboundSms(
  url: URL,
  params: Record<string, string>,
  signature: string | null,
  now = new Date(),
): Promise<WebhookAnswer> {
  const to = params.To ?? ''
  const from = params.From ?? ''
  const sid = params.MessageSid ?? params.SmsSid ?? ''
  const companyId = to ? await companyForNumber(to) : null
  const account = companyId ? await cachedSmsAccount(companyId) : null
  if (!companyId || !account) return { status: 404, body: 'Unknown number.' }
  if (!verifyTwilioSignature(account.authToken, appLink(url.pathname + url.search), params, signature))
    return { status: 403, body: 'Invalid signature.' }
  if (params.AccountSid && params.AccountSid !== account.accountSid) return { status: 403, body: 'Wrong account.' }
  if (!PHONE_E164.test(from) || !sid) return { status: 400, body: 'Missing From or MessageSid.' }

  const body = params.Body ?? ''
  const action = matchKeyword(body, account.keywords)
  const media = twilioMedia(params)
  let inbound: { message: InboundCustomerMessage; stored: StoredInbound } | null = null
  // One transaction shared with the other webhooks of this moment, in a savepoint of its own.
  const run = () =>
    batchedWriteTx(function* () {
      // A plain message (most of them): its Received SMS webhooks come with the profile.
      const profile = action
        ? yield* profileForPhoneOps(companyId, from, 'sms', now)
        : yield* senderWithHooksOps(companyId, from, 'sms', now, MESSAGE_METRICS.sms.received)
      const properties = { From: from, To: to, MessageSid: sid, Body: body }
      const optIn: OptInKeyword | null = action ? null : yield* optInKeywordOps(companyId, body)
      if (optIn) {
        const source = `sms_keyword:${optIn.keyword}`
        yield* keywordConsentOps(companyId, profile.id, 'sms_marketing', 'start', source, now)
        yield* addToListOps(companyId, optIn.listId, [profile.id], source, now)
        return { profileId: profile.id, optIn }
      }
      if (action === 'stop' || action === 'start') {
        const source = `sms_keyword:${keywordOf(body)}`
        yield* keywordConsentOps(companyId, profile.id, 'sms_marketing', action, source, now)
        if (action === 'stop') {
          yield* recordMessageEventOps({
            companyId,
            profileId: profile.id,
            metric: MESSAGE_METRICS.sms.unsubscribed,
            sendId: null,
            at: now,
            occurrence: `sms:${sid}`,
            properties: { ...properties, method: 'KEYWORD' },
          })
        }
      } else if (!action) {
        yield* recordMessageEventOps(
          {
            companyId,
            profileId: profile.id,
            metric: MESSAGE_METRICS.sms.received,
            sendId: null,
            at: now,
            occurrence: `sms:${sid}`,
            properties,
          },
          'hooks' in profile ? profile.hooks : undefined,
        )
        // Not a keyword: a message for the conversations inbox (a retried webhook stores nothing).
        const message: InboundCustomerMessage = {
          companyId,
          profileId: profile.id,
          channel: 'sms',
          to,
          providerMessageId: sid,
          text: body,
          media,
          receivedAt: now,
          newProfile: profile.created,
        }
        inbound = { message, stored: yield* storeInboundMessageOps(message) }
      }
      return { profileId: profile.id, optIn: null }
    })
  let done: { profileId: string; optIn: OptInKeyword | null }
  // A Received SMS webhook's delivery job is enqueued in the transaction: on PostgreSQL the
  // queue's schema must exist first (installed once per process; the promise is kept).
  await prepareEnqueueInTransaction()
  try {
    done = await run()
  } catch (e) {
    // Two first messages from the same new number at once: the other created the profile.
    if (!isUniqueViolation(e)) throw e
    done = await run()
  }
  const { profileId, optIn } = done
  if (action === 'stop' || action === 'start' || optIn)
    await reevaluateProfiles(companyId, [profileId], { profileChanged: true, listIds: optIn ? [optIn.listId] : [] })
  if (optIn) {
    return twiml(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(optIn.confirmation)}</Message></Response>`,
    )
  }
  const stored = inbound as { message: InboundCustomerMessage; stored: StoredInbound } | null
  if (stored) await afterInboundMessage(stored.message, stored.stored)
  if (action === 'help' && account.helpText) {
    return twiml(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(account.helpText)}</Message></Response>`,
    )
  }
  return twiml(EMPTY_TWIML)
}
