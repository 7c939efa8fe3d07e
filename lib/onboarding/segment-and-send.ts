// /get-started/segment-and-send: the account's first campaign. The goal names it and writes its
// subject, the audience is one of its lists or segments, the design is a starter layout or one
// of its templates (template-gallery); a real draft campaign is made through lib/campaigns,
// edited in the rich-text editor, then scheduled (or sent now) through the campaign lifecycle.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { findGroupRow } from '@/lib/groups/get-group'
import { createCampaign, getCampaign, updateCampaign, updateMessage } from '@/lib/campaigns/store'
import { sendCampaign } from '@/lib/campaigns/lifecycle'
import { campaignAjaxCall as call } from '@/lib/campaigns/ajax/common'
import { createTemplate, deleteTemplate, getTemplateOrThrow, updateTemplate } from '@/lib/templates/store/save-template'
import { GOALS, STARTERS, starterHtml, goalCopy, escapeHtml } from './starter-emails'

export const createGuideCampaignBody = z
  .object({
    goal: z.enum(GOALS, 'Choose what this email is for.'),
    audienceId: z.string().trim().min(1, 'Choose who receives it.'),
    starter: z.enum(STARTERS, 'Choose a layout.').optional(),
    templateId: z.string().trim().min(1).optional(),
  })
  .refine((b) => !!b.starter || !!b.templateId, { path: ['starter'], message: 'Choose a layout or a template.' })

export const guideContentBody = z.object({
  subject: z.string().trim().min(1, 'Enter a subject line.').max(255, 'Use at most 255 characters.'),
  previewText: z.string().trim().max(255, 'Use at most 255 characters.').default(''),
  /** The email's body as the rich-text editor writes it (paragraphs, bold, links). */
  body: z.string().max(100_000, 'The email is too long.').optional(),
})

export const guideScheduleBody = z.object({
  /** Absent or null: send now. */
  sendAt: z
    .string()
    .refine((s) => !Number.isNaN(new Date(s).getTime()), 'Give a date and time.')
    .nullish(),
})

export async function createGuideCampaign(
  companyId: number,
  userId: number,
  input: z.infer<typeof createGuideCampaignBody>,
) {
  const audience = await findGroupRow(companyId, input.audienceId)
  if (!audience)
    throw badRequest('Please correct the highlighted fields.', {
      audienceId: ['Choose one of your lists or segments.'],
    })
  if (input.templateId)
    await getTemplateOrThrow(companyId, input.templateId).catch(() => {
      throw badRequest('Please correct the highlighted fields.', { templateId: ['Choose one of your templates.'] })
    })
  const [company, sender] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
    db.emailSettings.findUnique({ where: { companyId }, select: { defaultFromEmail: true, defaultFromName: true } }),
  ])
  const copy = goalCopy(input.goal, company.name)
  // A starter is made as a template only to be copied into the campaign (createCampaign copies
  // the template it is given), then removed so it does not crowd the template library.
  const starter = input.starter
    ? await createTemplate(companyId, {
        name: `${copy.name} layout`,
        editorType: 'CODE',
        html: starterHtml(input.starter, copy, company.name),
      })
    : null
  try {
    const campaign = await call(() =>
      createCampaign(
        companyId,
        {
          name: copy.name,
          channel: 'email',
          audiences: { included: [audience.id], excluded: [] },
          messages: [
            {
              content: {
                subject: copy.subject,
                preview_text: copy.previewText,
                from_email: sender?.defaultFromEmail ?? '',
                from_label: sender?.defaultFromName ?? company.name,
              },
              templateId: starter?.id ?? input.templateId,
            },
          ],
        },
        { userId },
      ),
    )
    return summary(campaign)
  } finally {
    if (starter) await deleteTemplate(companyId, starter.id).catch(() => undefined)
  }
}

function summary(c: Awaited<ReturnType<typeof getCampaign>>) {
  const m = c.messages[0]
  return {
    campaignId: c.id,
    name: c.name,
    status: c.status,
    audiences: c.audiences.included,
    messageId: m?.id ?? null,
    templateId: m?.templateId ?? null,
    subject: typeof m?.content.subject === 'string' ? m.content.subject : '',
    previewText: typeof m?.content.preview_text === 'string' ? m.content.preview_text : '',
    scheduledAt: c.scheduledAt,
    sentAt: c.sentAt,
  }
}

export async function getGuideCampaign(companyId: number, campaignId: string) {
  const c = await call(() => getCampaign(companyId, campaignId))
  const s = summary(c)
  const tpl = s.templateId
    ? await db.template.findFirst({ where: { companyId, id: s.templateId }, select: { html: true } })
    : null
  return { ...s, body: richTextOf(tpl?.html ?? '') }
}

/** The campaign a message belongs to (the schedule step is addressed by message). */
export async function getGuideCampaignByMessage(companyId: number, messageId: string) {
  const m = await db.campaignMessage.findFirst({ where: { companyId, id: messageId }, select: { campaignId: true } })
  if (!m) throw notFound('This message does not exist.')
  return getGuideCampaign(companyId, m.campaignId)
}

export async function saveGuideContent(companyId: number, campaignId: string, input: z.infer<typeof guideContentBody>) {
  const c = await getGuideCampaign(companyId, campaignId)
  if (!c.messageId) throw notFound('This campaign has no message.')
  const current = await call(() => getCampaign(companyId, campaignId))
  await call(() =>
    updateMessage(companyId, c.messageId!, {
      content: { ...current.messages[0]!.content, subject: input.subject, preview_text: input.previewText },
    }),
  )
  if (input.body !== undefined && c.templateId) {
    await updateTemplate(companyId, c.templateId, { html: wrapBody(sanitizeRichText(input.body)) })
  }
  return getGuideCampaign(companyId, campaignId)
}

export async function scheduleGuideCampaign(
  companyId: number,
  userId: number,
  campaignId: string,
  input: z.infer<typeof guideScheduleBody>,
  now = new Date(),
) {
  if (input.sendAt) {
    const at = new Date(input.sendAt)
    if (at.getTime() <= now.getTime())
      throw badRequest('Please correct the highlighted fields.', { sendAt: ['Choose a time in the future.'] })
    await call(() =>
      updateCampaign(companyId, campaignId, {
        sendStrategy: { method: 'static', datetime: at.toISOString(), options: { is_local: false } },
      }),
    )
  } else {
    await call(() => updateCampaign(companyId, campaignId, { sendStrategy: { method: 'immediate' } }))
  }
  await call(() => sendCampaign(companyId, campaignId, { userId, now }))
  return getGuideCampaign(companyId, campaignId)
}

const EDITOR_MARK = '<!-- get-started rich text -->'

/** What the rich-text editor shows of a template: its body without the footer, in the editor's subset. */
export function richTextOf(html: string): string {
  const inner = (/<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html).replace(/<!--[\s\S]*?-->/g, '')
  const withoutFooter = inner.replace(/<p[^>]*>(?:(?!<\/p>)[\s\S])*unsubscribe_link(?:(?!<\/p>)[\s\S])*<\/p>/gi, '')
  return sanitizeRichText(withoutFooter.replace(/<\/?(div|table|tbody|tr|td)[^>]*>/gi, '')).trim()
}

/** The rich-text body in a plain, mobile-friendly email shell (with the unsubscribe link). */
function wrapBody(body: string): string {
  return `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,sans-serif;line-height:1.5;color:#1b1f24">${EDITOR_MARK}<div style="max-width:600px;margin:0 auto">${body}<p style="font-size:12px;color:#6a737d">{{ organization.name }} · {% organization_address %}<br><a href="{% unsubscribe_link %}">Unsubscribe</a></p></div></body></html>`
}

/**
 * Keeps what the editor makes (paragraphs, line breaks, bold, italic, lists, headings, http(s)
 * links) and escapes everything else, so a pasted script or event handler never reaches a mail.
 */
export function sanitizeRichText(html: string): string {
  const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'a'])
  return html.replace(/<[^>]*>|[^<]+/g, (part) => {
    if (!part.startsWith('<')) return part.replace(/&(?!(?:[a-z]+|#\d+);)/gi, '&amp;').replace(/>/g, '&gt;')
    const m = /^<\s*(\/)?\s*([a-z0-9]+)([^>]*)>$/i.exec(part)
    if (!m || !ALLOWED.has(m[2]!.toLowerCase())) return escapeHtml(part)
    const tag = m[2]!.toLowerCase()
    if (m[1]) return `</${tag}>`
    if (tag === 'a') {
      const href = /href\s*=\s*("([^"]*)"|'([^']*)')/i.exec(m[3] ?? '')
      const url = href?.[2] ?? href?.[3] ?? ''
      return /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}">` : '<a>'
    }
    return `<${tag}>`
  })
}
