// The one call to a Twilio-compatible Messages API: POST
// {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth with the account
// SID and auth token. Never throws: the answer is the message SID, Twilio's error (HTTP
// status and numeric code), or a transport failure (no connection, timeout). The base URL is the
// account owner's to set, so the call goes through lib/net/safe-fetch (https, public addresses;
// PROVIDERS_ALLOW_PRIVATE=1 for a local stand-in) and the message never repeats the answer's
// text: whatever listens at that address, its words do not reach the screen.
import { safeFetch, type SafeResponse } from '@/lib/net/safe-fetch'
import type { SmsAccount } from './sms-settings'
import { providerFetchError } from '../provider-fetch-error'

export type TwilioSendResult =
  | { kind: 'accepted'; sid: string; status: string }
  | { kind: 'error'; httpStatus: number; code: number | null; message: string }
  | { kind: 'transport'; error: string; /** the request may have reached the provider */ maybeSent: boolean }

export const TWILIO_TIMEOUT_MS = 15_000
const MAX_ANSWER_BYTES = 256 * 1024
// A message SID as Twilio writes it; anything else is not echoed back.
const SID = /^[A-Za-z]{2}[0-9a-fA-F]{32}$/
/** SMS_PROVIDER_TIMEOUT_MS overrides the wait for the provider's answer. */
const defaultTimeout = () => Number(process.env.SMS_PROVIDER_TIMEOUT_MS) || TWILIO_TIMEOUT_MS

export interface TwilioMessage {
  to: string
  body: string
  statusCallback?: string
}

export async function sendTwilioMessage(
  account: SmsAccount,
  m: TwilioMessage,
  timeoutMs = defaultTimeout(),
): Promise<TwilioSendResult> {
  const form = new URLSearchParams({ To: m.to, Body: m.body })
  if (account.messagingServiceSid) form.set('MessagingServiceSid', account.messagingServiceSid)
  else if (account.senderNumber) form.set('From', account.senderNumber)
  if (m.statusCallback) form.set('StatusCallback', m.statusCallback)
  const url = `${account.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`
  let res: SafeResponse
  try {
    res = await safeFetch(url, {
      purpose: 'provider',
      httpsOnly: true,
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64'),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    })
  } catch (e) {
    const f = providerFetchError(e, 'SMS provider', timeoutMs)
    return { kind: 'transport', error: f.error, maybeSent: f.maybeSent }
  }
  // A proxy's HTML error page, an empty body…: the status code says enough.
  const json = res.json<Record<string, unknown>>() ?? {}
  if (res.ok && typeof json.sid === 'string' && SID.test(json.sid)) {
    return {
      kind: 'accepted',
      sid: json.sid,
      status: typeof json.status === 'string' && /^[a-z_]{1,20}$/.test(json.status) ? json.status : 'queued',
    }
  }
  if (res.ok)
    return {
      kind: 'error',
      httpStatus: 502,
      code: null,
      message: 'The SMS provider accepted the request but returned no message SID.',
    }
  const code = typeof json.code === 'number' && Number.isInteger(json.code) ? json.code : null
  return {
    kind: 'error',
    httpStatus: res.status,
    code,
    message: `The SMS provider answered HTTP ${res.status}${code ? ` (error ${code})` : ''}.`,
  }
}
