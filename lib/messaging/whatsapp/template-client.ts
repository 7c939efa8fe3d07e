// The WhatsApp Cloud API's message-template calls: create one for review (POST
// {base}/{business-account-id}/message_templates) and read its review status (GET
// {base}/{template-id}?fields=name,status,rejected_reason). Through lib/net/safe-fetch like the
// send call (the base URL is the account owner's); only the id, status and a reason word are
// taken from the answer, never its text.
import { safeFetch, type SafeResponse } from '@/lib/net/safe-fetch'
import { providerFetchError } from '../provider-fetch-error'

export interface TemplateAccount {
  baseUrl: string
  accessToken: string
  businessAccountId: string
}

export interface TemplateSubmission {
  name: string
  language: string
  category: string
  body: string
  examples: string[]
}

export type TemplateCallResult =
  { kind: 'ok'; id: string; status: string; rejectedReason: string | null } | { kind: 'error'; message: string }

const STATUS_WORD = /^[A-Z_]{1,40}$/
const TIMEOUT_MS = 15_000

async function call(a: TemplateAccount, path: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
  try {
    return await safeFetch(`${a.baseUrl.replace(/\/+$/, '')}/${path}`, {
      purpose: 'provider',
      httpsOnly: true,
      method: init.method,
      headers: {
        authorization: `Bearer ${a.accessToken}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      timeoutMs: TIMEOUT_MS,
      maxBytes: 64 * 1024,
    })
  } catch (e) {
    return providerFetchError(e, 'WhatsApp Cloud API', TIMEOUT_MS)
  }
}

function read(res: SafeResponse | { error: string }, fallbackId?: string): TemplateCallResult {
  if ('error' in res) return { kind: 'error', message: res.error }
  const json =
    res.json<{ id?: unknown; status?: unknown; rejected_reason?: unknown; error?: { code?: unknown } }>() ?? {}
  if (!res.ok) {
    const code = typeof json.error?.code === 'number' ? ` (error ${json.error.code})` : ''
    return { kind: 'error', message: `WhatsApp answered HTTP ${res.status}${code}.` }
  }
  const id = typeof json.id === 'string' && /^\d{1,30}$/.test(json.id) ? json.id : fallbackId
  const status = typeof json.status === 'string' && STATUS_WORD.test(json.status) ? json.status : null
  if (!id || !status) return { kind: 'error', message: 'WhatsApp answered without a template id and status.' }
  const reason =
    typeof json.rejected_reason === 'string' &&
    STATUS_WORD.test(json.rejected_reason) &&
    json.rejected_reason !== 'NONE'
      ? json.rejected_reason
      : null
  return { kind: 'ok', id, status, rejectedReason: reason }
}

export async function submitTemplate(a: TemplateAccount, t: TemplateSubmission): Promise<TemplateCallResult> {
  const res = await call(a, `${encodeURIComponent(a.businessAccountId)}/message_templates`, {
    method: 'POST',
    body: {
      name: t.name,
      language: t.language,
      category: t.category,
      components: [
        { type: 'BODY', text: t.body, ...(t.examples.length ? { example: { body_text: [t.examples] } } : {}) },
      ],
    },
  })
  return read(res)
}

export async function fetchTemplateStatus(a: TemplateAccount, id: string): Promise<TemplateCallResult> {
  return read(await call(a, `${encodeURIComponent(id)}?fields=name,status,rejected_reason`, { method: 'GET' }), id)
}
