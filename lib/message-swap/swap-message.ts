// Swapping a message's content for saved content, and undoing it. Email campaign messages get a
// copy of the saved template (the campaign store's assignTemplate, its edit rules included); a
// flow email's own template copy is overwritten in place (never a shared one); push campaign
// messages get the saved push fields over their content. What was replaced is kept in a
// MessageSwap row, and restoring writes it back (and marks the row restored).
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { assignTemplate, updateMessage } from '@/lib/campaigns/store'
import { campaignAjaxCall } from '@/lib/campaigns/ajax/common'
import { campaignBlock, flowTemplateBlock, parseJson } from './list-swap-targets'
import {
  PUSH_FIELDS,
  type SwapChannel,
  type SwapContent,
  type SwapInput,
  type SwapVersion,
  type TargetKind,
} from './swap-types'

const TEMPLATE_FIELDS = {
  editorType: true,
  html: true,
  text: true,
  definition: true,
  compiledHtml: true,
  compiledText: true,
  amp: true,
  usesEvent: true,
  warnings: true,
} as const

const conflict = (message: string) => new AppError('not_editable', 409, message)
const PUSH_CHANNELS = ['mobile_push', 'push']

async function campaignMessageOf(companyId: number, id: string, channel: SwapChannel) {
  const m = await db.campaignMessage.findFirst({ where: { companyId, id } })
  if (!m || (channel === 'email' ? m.channel !== 'email' : !PUSH_CHANNELS.includes(m.channel)))
    throw notFound('This message was not found.')
  const c = await db.campaign.findFirst({ where: { companyId, id: m.campaignId }, select: { status: true } })
  if (!c) throw notFound('This message was not found.')
  return { m, blocked: campaignBlock(c.status) }
}

async function flowEmailOf(companyId: number, id: string) {
  const m = await db.flowMessage.findFirst({ where: { companyId, id, channel: 'email' } })
  if (!m) throw notFound('This message was not found.')
  return { m, blocked: await flowTemplateBlock(companyId, m.id, m.templateId) }
}

async function templateHtml(companyId: number, id: string | null) {
  if (!id) return null
  const t = await db.template.findFirst({ where: { companyId, id }, select: { compiledHtml: true } })
  return t?.compiledHtml ?? null
}

const pushContent = (c: Record<string, unknown>): SwapContent => ({
  html: null,
  title: typeof c.title === 'string' ? c.title : null,
  body: typeof c.body === 'string' ? c.body : null,
})

/** The saved push content of a push message (campaign or flow) of the company. */
async function pushSource(companyId: number, sourceId: string): Promise<Record<string, unknown>> {
  const cm = await db.campaignMessage.findFirst({
    where: { companyId, id: sourceId, channel: { in: PUSH_CHANNELS } },
    select: { content: true },
  })
  const fm = cm
    ? null
    : await db.flowMessage.findFirst({
        where: { companyId, id: sourceId, channel: 'push' },
        select: { definition: true },
      })
  if (!cm && !fm) throw badRequest('Choose saved push content.', { source_id: ['This push content was not found.'] })
  const raw = parseJson(cm ? cm.content : fm!.definition)
  const out: Record<string, unknown> = {}
  for (const k of PUSH_FIELDS) if (raw[k] !== undefined && raw[k] !== null) out[k] = raw[k]
  return out
}

async function emailSource(companyId: number, sourceId: string) {
  const t = await db.template.findFirst({
    where: { companyId, id: sourceId, archived: false },
    select: TEMPLATE_FIELDS,
  })
  if (!t) throw badRequest('Choose a saved template.', { source_id: ['This template was not found.'] })
  return t
}

export async function getSwapPreview(
  companyId: number,
  q: { channel: SwapChannel; kind: TargetKind; id: string; source_id?: string },
) {
  let current: SwapContent
  let blocked: string | null
  if (q.channel === 'email') {
    const got =
      q.kind === 'campaign_message'
        ? await campaignMessageOf(companyId, q.id, 'email')
        : await flowEmailOf(companyId, q.id)
    current = { html: await templateHtml(companyId, got.m.templateId), title: null, body: null }
    blocked = got.blocked
  } else {
    if (q.kind !== 'campaign_message') throw notFound('This message was not found.')
    const got = await campaignMessageOf(companyId, q.id, 'push')
    current = pushContent(parseJson(got.m.content))
    blocked = got.blocked
  }
  let replacement: SwapContent | null = null
  if (q.source_id)
    replacement =
      q.channel === 'email'
        ? { html: (await emailSource(companyId, q.source_id)).compiledHtml, title: null, body: null }
        : pushContent(await pushSource(companyId, q.source_id))
  const rows = await db.messageSwap.findMany({
    where: { companyId, targetKind: q.kind, targetId: q.id, channel: q.channel },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 20,
  })
  const versions: SwapVersion[] = rows.map((r) => ({
    id: r.id,
    sourceId: r.sourceId,
    createdAt: r.createdAt.toISOString(),
    restoredAt: r.restoredAt?.toISOString() ?? null,
  }))
  return { current, replacement, blocked, versions }
}

export async function swapMessage(companyId: number, input: SwapInput, userId: number | null) {
  let previous: Record<string, unknown>
  if (input.channel === 'email' && input.kind === 'campaign_message') {
    const { m, blocked } = await campaignMessageOf(companyId, input.id, 'email')
    if (blocked) throw conflict(blocked)
    await emailSource(companyId, input.sourceId)
    previous = { templateId: m.templateId }
    await campaignAjaxCall(() => assignTemplate(companyId, m.id, input.sourceId))
  } else if (input.channel === 'email') {
    const { m, blocked } = await flowEmailOf(companyId, input.id)
    if (blocked) throw conflict(blocked)
    const source = await emailSource(companyId, input.sourceId)
    const old = await db.template.findFirstOrThrow({ where: { companyId, id: m.templateId! }, select: TEMPLATE_FIELDS })
    previous = { template: old }
    await db.template.updateMany({ where: { companyId, id: m.templateId! }, data: source })
  } else {
    if (input.kind !== 'campaign_message') throw notFound('This message was not found.')
    const { m, blocked } = await campaignMessageOf(companyId, input.id, 'push')
    if (blocked) throw conflict(blocked)
    const fields = await pushSource(companyId, input.sourceId)
    previous = { content: parseJson(m.content) }
    await campaignAjaxCall(() => updateMessage(companyId, m.id, { content: fields }))
  }
  const swap = await db.messageSwap.create({
    data: {
      id: ulid(),
      companyId,
      targetKind: input.kind,
      targetId: input.id,
      channel: input.channel,
      sourceId: input.sourceId,
      previous: JSON.stringify(previous),
      userId,
    },
  })
  return { swap: { id: swap.id } }
}

interface TemplateFields {
  editorType: string
  html: string
  text: string | null
  definition: string | null
  compiledHtml: string
  compiledText: string
  amp: string | null
  usesEvent: boolean
  warnings: string | null
}

/** Puts back the content a swap replaced; a second restore of the same swap is a 409. */
export async function restoreSwap(companyId: number, swapId: string) {
  const s = await db.messageSwap.findFirst({ where: { companyId, id: swapId } })
  if (!s) throw notFound('This version was not found.')
  // Claimed first, so two restores at once cannot both write; released if the restore fails.
  const { count } = await db.messageSwap.updateMany({
    where: { companyId, id: s.id, restoredAt: null },
    data: { restoredAt: new Date() },
  })
  if (!count) throw conflict('This version was already restored.')
  try {
    await writeBack(companyId, s.targetKind as TargetKind, s.targetId, s.channel as SwapChannel, parseJson(s.previous))
  } catch (e) {
    await db.messageSwap.updateMany({ where: { companyId, id: s.id }, data: { restoredAt: null } })
    throw e
  }
  return { restored: { id: s.id } }
}

async function writeBack(
  companyId: number,
  kind: TargetKind,
  targetId: string,
  channel: SwapChannel,
  previous: Record<string, unknown>,
) {
  if (kind === 'flow_message') {
    const { m, blocked } = await flowEmailOf(companyId, targetId)
    if (blocked) throw conflict(blocked)
    const t = previous.template as TemplateFields
    await db.template.updateMany({
      where: { companyId, id: m.templateId! },
      data: {
        editorType: t.editorType,
        html: t.html,
        text: t.text,
        definition: t.definition,
        compiledHtml: t.compiledHtml,
        compiledText: t.compiledText,
        amp: t.amp,
        usesEvent: t.usesEvent,
        warnings: t.warnings,
      },
    })
    return
  }
  const { m, blocked } = await campaignMessageOf(companyId, targetId, channel)
  if (blocked) throw conflict(blocked)
  if (channel === 'push') {
    const content = (previous.content ?? {}) as Record<string, unknown>
    await campaignAjaxCall(() => updateMessage(companyId, m.id, { content }, { replaceContent: true }))
  } else if (typeof previous.templateId === 'string') {
    const templateId = previous.templateId
    await campaignAjaxCall(() => assignTemplate(companyId, m.id, templateId))
  } else {
    await db.campaignMessage.updateMany({ where: { companyId, id: m.id }, data: { templateId: null } })
  }
}
