// The SMS editor's message (/sms-editor/{messageId}): the body with its template variables, read
// from and merged into the campaign's or flow's stored JSON; its preview for a profile (the
// rendered text, segments and cost at the company's rate, as estimate-sms.ts counts them); and
// a test of the rendered text to a phone number through the company's SMS provider.
import { z } from 'zod'
import { badRequest } from '@/lib/errors/app-error'
import { estimateSms } from '@/lib/messaging/sms/estimate-sms'
import { renderSmsText } from '@/lib/messaging/sms/render-sms'
import { sendTestSms } from '@/lib/messaging/sms/send-test-sms'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'
import { TemplateRenderError, TemplateSyntaxError } from '@/lib/templates/template-types'
import { findChannelMessage, saveChannelFields, type ChannelMessage } from './channel-message'
import { previewSend } from './preview-send'

export const saveSmsMessageBody = z.object({
  body: z.string('Enter the message.').trim().min(1, 'Enter the message.').max(1600, 'Use at most 1,600 characters.'),
})
export const previewSmsBody = z.object({
  profileId: z.string().trim().max(64).nullish(),
  recipients: z.coerce.number().int('Enter a whole number.').min(1).max(100_000_000).default(1),
})
export const sendTestSmsMessageBody = z.object({
  profileId: z.string().trim().max(64).nullish(),
  to: z.string('Enter a phone number.').trim().regex(PHONE_E164, 'Use the E.164 format, e.g. +15005550006.'),
})

const view = (m: ChannelMessage) => ({
  id: m.id,
  source: m.source,
  parentId: m.parentId,
  name: m.name,
  body: typeof m.fields.body === 'string' ? m.fields.body : '',
  updatedAt: m.updatedAt.toISOString(),
})
export type SmsMessageView = ReturnType<typeof view>

export const getSmsMessage = async (companyId: number, id: string) =>
  view(await findChannelMessage(companyId, 'sms', id))

export const saveSmsMessage = async (
  companyId: number,
  id: string,
  input: z.infer<typeof saveSmsMessageBody>,
  held: Set<string>,
) => view(await saveChannelFields(companyId, 'sms', id, { body: input.body }, held))

async function renderFor(companyId: number, id: string, profileId: string | null, now: Date) {
  const m = await findChannelMessage(companyId, 'sms', id)
  const body = typeof m.fields.body === 'string' ? m.fields.body : ''
  const s = await previewSend(companyId, 'sms', id, { text: body }, profileId)
  try {
    return renderSmsText(body, s, now)
  } catch (e) {
    if (e instanceof TemplateSyntaxError || e instanceof TemplateRenderError)
      throw badRequest(`The message cannot be rendered: ${e.message}`, { body: [e.message] })
    throw e
  }
}

export async function previewSmsMessage(companyId: number, id: string, input: z.infer<typeof previewSmsBody>) {
  const text = await renderFor(companyId, id, input.profileId ?? null, new Date())
  return { text, estimate: await estimateSms(companyId, { body: text, recipients: input.recipients }) }
}

export async function sendTestSmsMessage(companyId: number, id: string, input: z.infer<typeof sendTestSmsMessageBody>) {
  const text = await renderFor(companyId, id, input.profileId ?? null, new Date())
  return sendTestSms(companyId, { to: input.to, body: text })
}
