// The per-company secret of the inbound endpoints (/webhooks/inbound/email, /webhooks/ses,
// /webhooks/sendgrid), carried in the URL as ?token=<companyId>.<HMAC>: the company gives that
// URL to its MTA pipe, its SNS topic or its SendGrid event webhook. The HMAC is keyed by the
// session secret, so no table is needed and nobody can make one for another company; it
// changes only when the session secret does.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { appLink } from '@/lib/config/app-url'

const mac = (companyId: number) =>
  createHmac('sha256', sessionSecret())
    .update('inbound-webhook:' + companyId)
    .digest('base64url')

export const inboundWebhookToken = (companyId: number): string => `${companyId}.${mac(companyId)}`

/** The company of a genuine token, else null. */
export function verifyInboundWebhookToken(token: string | null | undefined): number | null {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token ?? '')
  if (!m) return null
  const companyId = Number(m[1])
  const given = Buffer.from(m[2]!)
  const want = Buffer.from(mac(companyId))
  return given.length === want.length && timingSafeEqual(given, want) ? companyId : null
}

/** The three URLs a company configures at its providers (for the settings screens). */
export function inboundWebhookUrls(companyId: number) {
  const q = '?token=' + encodeURIComponent(inboundWebhookToken(companyId))
  return {
    inboundEmail: appLink('/webhooks/inbound/email' + q),
    ses: appLink('/webhooks/ses' + q),
    sendgrid: appLink('/webhooks/sendgrid' + q),
  }
}
