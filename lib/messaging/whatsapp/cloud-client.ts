// The one call to the WhatsApp Cloud API: POST {base}/{phone-number-id}/messages with the
// bearer token and a JSON message (a template with its body parameters, or text). Never
// throws: the answer is the message id (wamid), Meta's error (HTTP status, code, message), or
// a transport failure.
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
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: m.to.replace(/^\+/, ''), ...(m.callbackData ? { biz_opaque_callback_data: m.callbackData } : {}) }
  if (m.kind === 'text') return { ...base, type: 'text', text: { preview_url: false, body: m.body } }
  return {
    ...base,
    type: 'template',
    template: {
      name: m.name,
      language: { code: m.language },
      ...(m.bodyParameters.length ? { components: [{ type: 'body', parameters: m.bodyParameters.map((text) => ({ type: 'text', text })) }] } : {}),
    },
  }
}

export async function sendCloudMessage(account: WhatsAppAccount, m: CloudMessage, timeoutMs = timeout()): Promise<CloudSendResult> {
  let res: Response
  try {
    res = await fetch(`${account.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(account.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(cloudPayload(m)),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (e) {
    const f = providerFetchError(e, 'WhatsApp Cloud API', timeoutMs)
    return { kind: 'transport', error: f.error, maybeSent: f.maybeSent }
  }
  let json: { messages?: Array<{ id?: unknown }>; error?: { code?: unknown; message?: unknown } } = {}
  try {
    json = (await res.json()) as typeof json
  } catch {}
  const id = json.messages?.[0]?.id
  if (res.ok && typeof id === 'string') return { kind: 'accepted', id }
  return {
    kind: 'error',
    httpStatus: res.ok ? 502 : res.status,
    code: typeof json.error?.code === 'number' ? json.error.code : null,
    message: typeof json.error?.message === 'string' ? json.error.message : `HTTP ${res.status}`,
  }
}
