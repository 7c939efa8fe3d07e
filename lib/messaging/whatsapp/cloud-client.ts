// The one call to the WhatsApp Cloud API: POST {base}/{phone-number-id}/messages with the
// bearer token and a JSON message (a template with its body parameters, or text). Never
// throws: the answer is the message id (wamid), Meta's error (HTTP status and numeric code), or
// a transport failure. The base URL is the account owner's to set, so the call goes through
// lib/net/safe-fetch (https, public addresses; PROVIDERS_ALLOW_PRIVATE=1 for a local stand-in)
// and no text of the answer is passed on.
import { safeFetch, type SafeResponse } from '@/lib/net/safe-fetch'
import type { WhatsAppAccount } from './whatsapp-settings'
import { providerFetchError } from '../provider-fetch-error'

export type CloudSendResult =
  | { kind: 'accepted'; id: string }
  | { kind: 'error'; httpStatus: number; code: number | null; message: string }
  | { kind: 'transport'; error: string; /** the request may have reached the provider */ maybeSent: boolean }

export type CloudMessage =
  | { kind: 'template'; to: string; name: string; language: string; bodyParameters: string[]; callbackData?: string }
  | { kind: 'text'; to: string; body: string; callbackData?: string }

const timeout = () => Number(process.env.WHATSAPP_PROVIDER_TIMEOUT_MS) || 15_000

export function cloudPayload(m: CloudMessage): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to.replace(/^\+/, ''),
    ...(m.callbackData ? { biz_opaque_callback_data: m.callbackData } : {}),
  }
  if (m.kind === 'text') return { ...base, type: 'text', text: { preview_url: false, body: m.body } }
  return {
    ...base,
    type: 'template',
    template: {
      name: m.name,
      language: { code: m.language },
      ...(m.bodyParameters.length
        ? { components: [{ type: 'body', parameters: m.bodyParameters.map((text) => ({ type: 'text', text })) }] }
        : {}),
    },
  }
}

export async function sendCloudMessage(
  account: WhatsAppAccount,
  m: CloudMessage,
  timeoutMs = timeout(),
): Promise<CloudSendResult> {
  let res: SafeResponse
  try {
    res = await safeFetch(
      `${account.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(account.phoneNumberId)}/messages`,
      {
        purpose: 'provider',
        httpsOnly: true,
        method: 'POST',
        headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(cloudPayload(m)),
        timeoutMs,
        maxBytes: 256 * 1024,
      },
    )
  } catch (e) {
    const f = providerFetchError(e, 'WhatsApp Cloud API', timeoutMs)
    return { kind: 'transport', error: f.error, maybeSent: f.maybeSent }
  }
  const json = res.json<{ messages?: Array<{ id?: unknown }>; error?: { code?: unknown } }>() ?? {}
  const id = json.messages?.[0]?.id
  // A wamid is base64-ish text; anything else is not echoed back.
  if (res.ok && typeof id === 'string' && /^[A-Za-z0-9._=+/-]{1,200}$/.test(id)) return { kind: 'accepted', id }
  const httpStatus = res.ok ? 502 : res.status
  const code = typeof json.error?.code === 'number' && Number.isInteger(json.error.code) ? json.error.code : null
  return {
    kind: 'error',
    httpStatus,
    code,
    message: `WhatsApp answered HTTP ${res.status}${code !== null ? ` (error ${code})` : ''}.`,
  }
}
