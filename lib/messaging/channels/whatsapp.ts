// WhatsApp through the Cloud API (lib/messaging/whatsapp): an approved template with its body
// parameters rendered for the profile, or free text when the profile wrote to us within the
// last 24 hours (WhatsApp's customer-service window; outside it only templates may be sent).
// The send id travels as biz_opaque_callback_data, so status webhooks find their Send.
// Meta's answer decides: accepted → sent (wamid); the recipient cannot get it (131026, 131021,
// 131030) → bounced (Failed to Deliver WhatsApp Message); rate limits, 5xx, timeouts and no
// connection → retried; any other refusal → failed with Meta's code and message.
import { selectFirst, read } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { MESSAGE_METRICS } from '../message-events'
import { renderSmsText, templateContextOf } from '../sms/render-sms'
import { sendCloudMessage, type CloudMessage } from '../whatsapp/cloud-client'
import { loadWhatsAppAccount } from '../whatsapp/whatsapp-settings'
import { SESSION_WINDOW_MS, type WhatsAppContent } from '../whatsapp/whatsapp-content'
import { notConfigured, type DeliverChannel } from './types'
import { renderFailureOutcome } from '../render-failure'

const RECIPIENT_ERRORS = new Set([131026, 131021, 131030])
const RATE_LIMITS = new Set([4, 80007, 130429, 131048, 131056])
const OUTSIDE_WINDOW = 131047

async function lastInboundAt(companyId: number, profileId: string): Promise<number | null> {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Event')
        .innerJoin('Metric', 'Metric.id', 'Event.metricId')
        .select((eb) => eb.fn.max('Event.ts').as('ts'))
        .where('Event.companyId', '=', companyId)
        .where('Event.profileId', '=', profileId)
        .where('Metric.companyId', '=', companyId)
        .where('Metric.name', '=', MESSAGE_METRICS.whatsapp.received),
    ),
  )
  return row?.ts == null ? null : Number(row.ts) * 1000
}

export const deliverWhatsApp: DeliverChannel = async (s, now) => {
  const account = await loadWhatsAppAccount(s.companyId)
  if (!account) return notConfigured('whatsapp')
  const to = s.profile.phoneNumber
  if (!to) return { kind: 'failed', reason: 'no_phone', error: 'The profile has no phone number.' }
  const content = s.content as WhatsAppContent
  const tpl = content.whatsappTemplate
  let message: CloudMessage
  try {
    const context = templateContextOf(s)
    if (tpl) {
      if (
        account.templates.length &&
        !account.templates.some((t) => t.name === tpl.name && t.language === tpl.language)
      ) {
        return {
          kind: 'failed',
          reason: 'template_not_approved',
          error: `The template ${tpl.name} (${tpl.language}) is not in the approved templates list.`,
        }
      }
      const bodyParameters = (tpl.bodyParameters ?? []).map((p) => renderSmsText(p, s, now, context))
      message = { kind: 'template', to, name: tpl.name, language: tpl.language, bodyParameters, callbackData: s.id }
    } else {
      const body = renderSmsText(content.text ?? '', s, now, context)
      if (!body) return { kind: 'failed', reason: 'empty_body', error: 'The message is empty for this profile.' }
      const last = await lastInboundAt(s.companyId, s.profile.id)
      if (last === null || now.getTime() - last > SESSION_WINDOW_MS) {
        return {
          kind: 'failed',
          reason: 'outside_window',
          error: "Free text can only be sent within 24 hours of the customer's last message; use an approved template.",
        }
      }
      message = { kind: 'text', to, body, callbackData: s.id }
    }
  } catch (e) {
    return renderFailureOutcome(e)
  }
  const r = await sendCloudMessage(account, message)
  if (r.kind === 'accepted') return { kind: 'sent', provider: 'whatsapp_cloud', providerMessageId: r.id }
  if (r.kind === 'transport')
    return r.maybeSent ? { kind: 'unknown', error: r.error } : { kind: 'retry', error: r.error }
  const error = r.message
  if (r.httpStatus === 429 || r.httpStatus >= 500 || (r.code !== null && RATE_LIMITS.has(r.code)))
    return { kind: 'retry', error }
  if (r.code !== null && RECIPIENT_ERRORS.has(r.code)) return { kind: 'bounced', error }
  if (r.code === OUTSIDE_WINDOW) return { kind: 'failed', reason: 'outside_window', error }
  return { kind: 'failed', reason: 'provider_refused', error }
}
