// "Send test" on /settings/whatsapp: one approved template (with literal body parameters) to a
// number, straight to the Cloud API with the saved settings. Meta's refusal comes back as a
// 400 naming the HTTP status and its error code, never its text.
import { z } from 'zod'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { PHONE_E164 } from '@/lib/profiles/validate-profile'
import { sendCloudMessage } from './cloud-client'
import { loadWhatsAppAccount } from './whatsapp-settings'

export const sendTestWhatsAppBody = z.object({
  to: z.string().trim().regex(PHONE_E164, 'Use the E.164 format, e.g. +15005550006.'),
  templateName: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'Choose a template.'),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use a language code such as en or en_US.'),
  bodyParameters: z.array(z.string().max(1024)).max(20).default([]),
})

export async function sendTestWhatsApp(
  companyId: number,
  input: z.infer<typeof sendTestWhatsAppBody>,
): Promise<{ id: string }> {
  const account = await loadWhatsAppAccount(companyId)
  if (!account) throw badRequest('Save the WhatsApp settings first.')
  const r = await sendCloudMessage(account, {
    kind: 'template',
    to: input.to,
    name: input.templateName,
    language: input.language,
    bodyParameters: input.bodyParameters,
  })
  if (r.kind === 'accepted') return { id: r.id }
  // Our words only: the base URL is the user's, so what answers there must not reach the screen.
  if (r.kind === 'transport')
    throw new AppError('provider_unavailable', 502, 'The WhatsApp provider could not be reached.')
  throw new AppError('provider_refused', r.httpStatus >= 500 ? 502 : 400, r.message)
}
