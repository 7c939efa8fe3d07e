// A form submit goes through the same /client endpoints as any sign-up form: POST
// /client/subscriptions (email and/or phone, the form's list, custom_source naming the form,
// custom fields as profile properties), or POST /client/profiles when a step only adds
// properties. Network failures and 5xx/429 are retried with backoff; 4xx field errors come back
// keyed by field name so the form can show them inline.
import type { OnsiteContext } from '../types'

export type SubmitResult = { ok: true } | { ok: false; errors: Record<string, string>; message?: string }

export interface SubmitInput {
  formId: string
  formName: string
  listId: string | null
  email?: string
  phoneNumber?: string
  /** Subscribe the email to marketing (a step that collected it). */
  emailConsent: boolean
  /** SMS marketing consent: only from an SMS step (with its checkbox ticked, if it has one). */
  smsConsent: boolean
  properties: Record<string, unknown>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function postWithRetry(url: string, body: unknown, tries = 3, baseDelayMs = 400): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', revision: '2026-07-15' },
        body: JSON.stringify(body),
        keepalive: true,
      })
      if ((res.status < 500 && res.status !== 429) || i >= tries - 1) return res
    } catch (e) {
      if (i >= tries - 1) throw e
    }
    await sleep(baseDelayMs * 3 ** i)
  }
}

function fieldOf(pointer: string): string {
  if (/\/email$/.test(pointer)) return '$email'
  if (/\/phone_number$/.test(pointer)) return '$phone_number'
  const m = /\/properties\/([^/]+)/.exec(pointer)
  return m ? decodeURIComponent(m[1]!) : ''
}

async function readErrors(res: Response): Promise<SubmitResult> {
  const errors: Record<string, string> = {}
  let message: string | undefined
  try {
    const json = (await res.json()) as { errors?: Array<{ detail?: string; source?: { pointer?: string } }> }
    for (const e of json.errors ?? []) {
      const f = fieldOf(e.source?.pointer ?? '')
      if (f) errors[f] ??= e.detail ?? 'This field is invalid'
      else message ??= e.detail
    }
  } catch {
    // not JSON: the generic message below
  }
  return {
    ok: false,
    errors,
    message: message ?? (Object.keys(errors).length ? undefined : 'Something went wrong. Please try again.'),
  }
}

export async function submitToServer(ctx: OnsiteContext, s: SubmitInput): Promise<SubmitResult> {
  const q = `?company_id=${encodeURIComponent(ctx.companyId)}`
  const who = ctx.identity()
  const properties = { ...s.properties, $form_id: s.formId }
  const identity = {
    anonymous_id: who.anonymousId,
    ...(s.email ? { email: s.email } : {}),
    ...(s.phoneNumber ? { phone_number: s.phoneNumber } : {}),
  }
  let res: Response
  try {
    if ((s.emailConsent || s.smsConsent) && s.listId) {
      const subscriptions = {
        ...(s.emailConsent && s.email ? { email: { marketing: { consent: 'SUBSCRIBED' } } } : {}),
        ...(s.smsConsent && s.phoneNumber ? { sms: { marketing: { consent: 'SUBSCRIBED' } } } : {}),
      }
      res = await postWithRetry(ctx.baseUrl + '/client/subscriptions' + q, {
        data: {
          type: 'subscription',
          attributes: {
            custom_source: `Form: ${s.formName}`.slice(0, 255),
            profile: { data: { type: 'profile', attributes: { ...identity, properties, subscriptions } } },
          },
          relationships: { list: { data: { type: 'list', id: s.listId } } },
        },
      })
    } else {
      res = await postWithRetry(ctx.baseUrl + '/client/profiles' + q, {
        data: { type: 'profile', attributes: { ...identity, properties } },
      })
    }
  } catch {
    return { ok: false, errors: {}, message: 'We could not reach the server. Check your connection and try again.' }
  }
  return res.ok ? { ok: true } : readErrors(res)
}
