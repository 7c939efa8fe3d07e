// The request handling of the inbound webhooks (thin route files in app/webhooks): the
// per-company token from the URL, the body read with a size cap, a clear 4xx for anything
// malformed, and a JSON summary of what was recorded.
import { ZodError } from 'zod'
import { reportError } from '@/lib/errors/reporter'
import { safeFetch } from '@/lib/net/safe-fetch'
import { applyReports, type ApplyResult } from './apply-report'
import { handleInboundEmail } from './from-inbound-email'
import { isAwsSnsUrl, sesReports, snsEnvelope } from './ses'
import { snsSignatureRequired, verifySnsSignature } from './sns-signature'
import { sendgridBody, sendgridReports, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySendgridSignature } from './sendgrid'
import { verifyInboundWebhookToken } from './webhook-token'

const MAX_BYTES = 5 * 1024 * 1024

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } })
const fail = (status: number, message: string, errors?: unknown) =>
  json(status, { error: status === 401 ? 'not_authenticated' : 'invalid', message, ...(errors ? { errors } : {}) })

async function body(req: Request): Promise<string | Response> {
  const length = Number(req.headers.get('content-length') ?? 0)
  if (length > MAX_BYTES) return fail(413, 'The body is larger than 5 MB.')
  const text = await req.text()
  if (Buffer.byteLength(text) > MAX_BYTES) return fail(413, 'The body is larger than 5 MB.')
  return text
}

function company(req: Request): number | Response {
  const id = verifyInboundWebhookToken(new URL(req.url).searchParams.get('token'))
  return id ?? fail(401, 'A valid token is required in the URL (?token=…).')
}

const summary = (results: ApplyResult[]) => ({
  recorded: results.filter((r) => r.recorded).length,
  duplicates: results.filter((r) => !r.recorded).length,
})

const zodErrors = (e: ZodError) => e.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))

// POST /webhooks/inbound/email?token= – a raw DSN, ARF report or mailto unsubscribe
export async function inboundEmailPost(req: Request): Promise<Response> {
  const companyId = company(req)
  if (companyId instanceof Response) return companyId
  const raw = await body(req)
  if (raw instanceof Response) return raw
  if (!raw.trim()) return fail(400, 'The body must be a raw email message.')
  const out = await handleInboundEmail(companyId, raw)
  if (out.kind === 'rejected') return fail(400, out.reason)
  if (out.kind === 'unsubscribe') return json(200, { kind: 'unsubscribe', changed: out.changed })
  return json(200, { kind: out.kind, ...summary(out.results) })
}

// POST /webhooks/ses?token= – SES notifications through SNS (Bounce, Complaint, Delivery)
export async function sesPost(req: Request): Promise<Response> {
  const companyId = company(req)
  if (companyId instanceof Response) return companyId
  const raw = await body(req)
  if (raw instanceof Response) return raw
  let env
  try {
    env = snsEnvelope.parse(JSON.parse(raw))
  } catch (e) {
    return fail(400, 'The body is not an SNS message.', e instanceof ZodError ? zodErrors(e) : undefined)
  }
  if (snsSignatureRequired() && !(await verifySnsSignature(env)))
    return fail(401, 'The SNS message signature is not valid.')
  if (env.Type === 'SubscriptionConfirmation') {
    if (!isAwsSnsUrl(env.SubscribeURL)) return fail(400, 'SubscribeURL is not an Amazon SNS address.')
    const res = await safeFetch(env.SubscribeURL!, {
      purpose: 'provider',
      httpsOnly: true,
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
      overflow: 'truncate',
    }).catch((error) => {
      reportError({ error, route: '/webhooks/ses', extra: { where: 'sns-subscribe' } })
      return null
    })
    return res?.ok
      ? json(200, { kind: 'subscription_confirmed' })
      : fail(502, 'Confirming the SNS subscription failed.')
  }
  if (env.Type !== 'Notification') return json(200, { kind: env.Type, recorded: 0, duplicates: 0 })
  let reports
  try {
    reports = sesReports(companyId, env)
  } catch (e) {
    if (e instanceof ZodError) return fail(400, 'The SNS Message is not an SES notification.', zodErrors(e))
    throw e
  }
  return json(200, { kind: 'notification', ...summary(await applyReports(reports)) })
}

// POST /webhooks/sendgrid?token= – SendGrid's event webhook (bounce, dropped, spamreport, delivered)
export async function sendgridPost(req: Request): Promise<Response> {
  const companyId = company(req)
  if (companyId instanceof Response) return companyId
  const raw = await body(req)
  if (raw instanceof Response) return raw
  if (verifySendgridSignature(raw, req.headers.get(SIGNATURE_HEADER), req.headers.get(TIMESTAMP_HEADER)) === false) {
    return fail(401, 'The event webhook signature is not valid.')
  }
  let events
  try {
    events = sendgridBody.parse(JSON.parse(raw))
  } catch (e) {
    return fail(400, 'The body is not a SendGrid event array.', e instanceof ZodError ? zodErrors(e) : undefined)
  }
  return json(200, { kind: 'events', ...summary(await applyReports(sendgridReports(companyId, events))) })
}
