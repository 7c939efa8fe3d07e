// "Send a preview" of a template (/ajax/email-templates/{id}/send-preview, the campaigns'
// sandbox test): rendered with the chosen (or sample) profile's data by the templates' preview,
// then sent through the pipeline. Here, not in lib/templates/store/preview-template.ts, so the
// templates never import the send pipeline, which renders with them (issue 30, the folder import
// cycle).
import { ulid } from '@/lib/ids/make-id'
import { badRequest } from '@/lib/errors/app-error'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { getTemplateOrThrow } from '@/lib/templates/store/save-template'
import { previewTemplate } from '@/lib/templates/store/preview-template'
import { createSends } from './create-sends'

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/

export interface SendPreviewInput {
  email: string
  profileId?: string | null
  eventId?: number | null
  subject?: string | null
  fromEmail?: string | null
  fromName?: string | null
}

/**
 * Renders with the chosen (or sample) profile's data and sends to `email` through the pipeline.
 * The Send is the chosen profile's (no profile is made for the address, unless the company has
 * none to show) and goes to the typed address ($preview_to in its context).
 */
export async function sendTemplatePreview(
  companyId: number,
  templateId: string,
  input: SendPreviewInput,
): Promise<{ sendId: string; status: 'queued'; to: string }> {
  const to = input.email.trim().toLowerCase()
  if (!EMAIL.test(to) || to.length > 254)
    throw badRequest('Enter a valid email address.', { email: ['Enter a valid email address.'] })
  const t = await getTemplateOrThrow(companyId, templateId)
  const preview = await previewTemplate(companyId, templateId, {
    profileId: input.profileId,
    eventId: input.eventId,
    subject: input.subject,
  })
  // The Send belongs to the profile whose data it shows (its key, its timeline); the address it
  // goes to is the one typed in (render-email.ts reads $preview_to for previews only). A company
  // with no profile at all has the address's own profile made for it.
  const recipientId = preview.profile.sample
    ? (await upsertProfile(companyId, { email: to }, { mode: 'client', source: 'Template preview' })).profile.id
    : preview.profile.id!
  const subject = input.subject?.trim() || `[Preview] ${t.name}`
  const created = await createSends({
    companyId,
    channel: 'email',
    sourceType: 'preview',
    sourceId: `${t.id}:${ulid()}`,
    transactional: true,
    content: {
      subject,
      html: t.compiledHtml,
      text: t.compiledText,
      ...(input.fromEmail ? { fromEmail: input.fromEmail } : {}),
      ...(input.fromName ? { fromName: input.fromName } : {}),
    },
    recipients: [{ profileId: recipientId, context: { ...preview.context, $preview_to: to } }],
  })
  if (!created[0]) throw new Error('The preview send was not created.')
  return { sendId: created[0].id, status: 'queued', to }
}
