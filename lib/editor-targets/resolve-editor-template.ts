// The email-template editor's targets (seed 001 §2.7): a campaign, an A/B variation, a flow
// message, a segment-and-send campaign or a profile's campaign each open the template they own in
// the one template editor. This finds that template, scoped to the company; no template is a 404.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'

export const EDITOR_TARGET_KINDS = [
  'campaign',
  'variation',
  'flow-message',
  'segment-and-send',
  'profile-campaign',
] as const
export type EditorTargetKind = (typeof EDITOR_TARGET_KINDS)[number]

export const editorTargetQuery = z.object({
  kind: z.enum(EDITOR_TARGET_KINDS),
  id: z.string().trim().min(1).max(64),
})

export interface EditorTarget {
  kind: EditorTargetKind
  id: string
  templateId: string
  /** Where "back" leads: the campaign or flow the template belongs to. */
  campaignId: string | null
  flowId: string | null
}

async function campaignTemplate(companyId: number, campaignId: string) {
  const msg = await db.campaignMessage.findFirst({
    where: { companyId, campaignId, templateId: { not: null } },
    orderBy: { createdAt: 'asc' },
    select: { templateId: true },
  })
  return msg?.templateId ?? null
}

export async function resolveEditorTemplate(
  companyId: number,
  kind: EditorTargetKind,
  id: string,
): Promise<EditorTarget> {
  let templateId: string | null = null
  let campaignId: string | null = null
  let flowId: string | null = null
  if (kind === 'variation') {
    const v = await db.campaignVariation.findFirst({ where: { id, companyId } })
    if (v) {
      campaignId = v.campaignId
      templateId =
        v.templateId ??
        (
          await db.campaignMessage.findFirst({
            where: { id: v.messageId, companyId },
            select: { templateId: true },
          })
        )?.templateId ??
        null
    }
  } else if (kind === 'flow-message') {
    const m = await db.flowMessage.findFirst({ where: { id, companyId }, select: { templateId: true, flowId: true } })
    templateId = m?.templateId ?? null
    flowId = m?.flowId ?? null
  } else {
    campaignId = id
    templateId = await campaignTemplate(companyId, id)
  }
  // The template row itself must be the company's too (a copied id from another account is not).
  const tpl = templateId
    ? await db.template.findFirst({ where: { id: templateId, companyId }, select: { id: true } })
    : null
  if (!tpl) throw notFound('This message has no email template yet.')
  return { kind, id, templateId: tpl.id, campaignId, flowId }
}
