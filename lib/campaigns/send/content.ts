// A campaign message (and an A/B variation's overrides) → the MessageContent of its Sends.
import { kysely } from '@/lib/db/kysely'
import { selectFirst, type Ops } from '@/lib/db/ops'
import type { MessageContent } from '@/lib/messaging/types'
import { pushOptionsFrom } from '@/lib/messaging/push/push-content'
import { readyTranslationsOps } from '@/lib/templates/translations/send-translations'

function parseObj(s: string | null | undefined): Record<string, unknown> {
  try {
    const v = s ? JSON.parse(s) : {}
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

export interface ResolvedContent {
  content: MessageContent
  channel: string
  problem?: string
}

/** The content of message `messageId` with variation `variationId`'s overrides (if any). */
export function* campaignContentOps(
  companyId: number,
  messageId: string,
  variationId: string | null,
): Ops<ResolvedContent> {
  const m = yield* selectFirst(
    kysely()
      .selectFrom('CampaignMessage')
      .select(['channel', 'content', 'templateId'])
      .where('companyId', '=', companyId)
      .where('id', '=', messageId),
  )
  if (!m) return { content: {}, channel: 'email', problem: 'The message no longer exists.' }
  let c = parseObj(m.content)
  let templateId = m.templateId
  if (variationId) {
    const v = yield* selectFirst(
      kysely()
        .selectFrom('CampaignVariation')
        .select(['content', 'templateId'])
        .where('companyId', '=', companyId)
        .where('id', '=', variationId),
    )
    if (v) {
      c = { ...c, ...parseObj(v.content) }
      templateId = v.templateId ?? templateId
    }
  }
  if (m.channel === 'email') {
    const content: MessageContent = {
      subject: str(c.subject),
      previewText: str(c.preview_text),
      fromEmail: str(c.from_email),
      fromName: str(c.from_label),
      replyTo: str(c.reply_to_email),
    }
    if (!templateId) return { content, channel: m.channel, problem: 'The email has no template.' }
    const t = yield* selectFirst(
      kysely()
        .selectFrom('Template')
        .select(['compiledHtml', 'compiledText', 'amp'])
        .where('companyId', '=', companyId)
        .where('id', '=', templateId),
    )
    if (!t) return { content, channel: m.channel, problem: `The template ${templateId} does not exist.` }
    const translations = yield* readyTranslationsOps(companyId, templateId)
    return {
      content: {
        ...content,
        html: t.compiledHtml,
        text: t.compiledText,
        ...(t.amp ? { amp: t.amp } : {}),
        ...(translations ? { translations } : {}),
      },
      channel: m.channel,
    }
  }
  if (m.channel === 'mobile_push' || m.channel === 'push')
    return { content: { subject: str(c.title), text: str(c.body) ?? '', push: pushOptionsFrom(c) }, channel: m.channel }
  return { content: { text: str(c.body) ?? '' }, channel: m.channel }
}
