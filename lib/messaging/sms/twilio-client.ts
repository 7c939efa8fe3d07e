// The one call to a Twilio-compatible Messages API: POST
// {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth with the account
// SID and auth token. Never throws: the answer is the message SID, Twilio's error (HTTP
// status, numeric code and message), or a transport failure (no connection, timeout).
import type { SmsAccount } from './sms-settings'
import { providerFetchError } from '../provider-fetch-error'

export type TwilioSendResult =
  | { kind: 'accepted'; sid: string; status: string }
  | { kind: 'error'; httpStatus: number; code: number | null; message: string }
  | { kind: 'transport'; error: string; /** the request may have reached the provider */ maybeSent: boolean }

export const TWILIO_TIMEOUT_MS = 15_000
/** SMS_PROVIDER_TIMEOUT_MS overrides the wait for the provider's answer. */
const defaultTimeout = () => Number(process.env.SMS_PROVIDER_TIMEOUT_MS) || TWILIO_TIMEOUT_MS

export interface TwilioMessage {
  to: string
  body: string
  statusCallback?: string
}

export async function sendTwilioMessage(account: SmsAccount, m: TwilioMessage, timeoutMs = defaultTimeout()): Promise<TwilioSendResult> {
  const form = new URLSearchParams({ To: m.to, Body: m.body })
  if (account.messagingServiceSid) form.set('MessagingServiceSid', account.messagingServiceSid)
  else if (account.senderNumber) form.set('From', account.senderNumber)
  if (m.statusCallback) form.set('StatusCallback', m.statusCallback)
  const url = `${account.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64'),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (e) {
    const f = providerFetchError(e, 'SMS provider', timeoutMs)
    return { kind: 'transport', error: f.error, maybeSent: f.maybeSent }
  }
  let json: Record<string, unknown> = {}
  try {
    json = (await res.json()) as Record<string, unknown>
  } catch {
    // A proxy's HTML error page, an empty body…: the status code says enough.
  }
  if (res.ok && typeof json.sid === 'string') return { kind: 'accepted', sid: json.sid, status: String(json.status ?? 'queued') }
  if (res.ok) return { kind: 'error', httpStatus: 502, code: null, message: 'The SMS provider accepted the request but returned no message SID.' }
  return {
    kind: 'error',
    httpStatus: res.status,
    code: typeof json.code === 'number' ? json.code : null,
    message: typeof json.message === 'string' ? json.message : `HTTP ${res.status}`,
  }
}
