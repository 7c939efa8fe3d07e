// The campaign store: create (with its message), read, list (filters and the sorts of seed 002
// §3.6), update (name, audiences — each given list replaces the old —, strategy, options, tags),
// clone (copies of each message's template), delete, archive, template assignment (a
// non-reusable copy: stored archived, so the template lists never offer it), message content
// and A/B variations. Every query is scoped by companyId; another company's id is "not found".
// Editing a campaign that is being sent or was sent is refused (lifecycle.assertEditable).
// Sending, cancelling, pausing … are lib/campaigns/lifecycle.ts (C1).
import { ZodError, type ZodType } from 'zod'
import type { Prisma } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { containsText } from '@/lib/db/dialect'
import { ulid } from '@/lib/ids/make-id'
import { shortId } from '@/lib/ids/make-id'
import { CampaignError } from './errors'
import { assertEditable } from './lifecycle'
import type { AbTestState } from './send/model'
import {
  abTestSchema,
  audiencesUpdateSchema,
  contentSchemaFor,
  createCampaignSchema,
  renderOptionsSchema,
  variationsBody,
  type CampaignPatch,
  type CreateCampaignInput,
  type VariationInput,
  type AbTestInput,
} from './validate'

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0]
type CampaignRecord = Awaited<ReturnType<typeof db.campaign.findFirst>> & {}
type MessageRecord = Awaited<ReturnType<typeof db.campaignMessage.findFirst>> & {}
type VariationRecord = Awaited<ReturnType<typeof db.campaignVariation.findFirst>> & {}

export interface CampaignView {
  id: string
  name: string
  channel: string
  status: string
  archived: boolean
  omnicampaignId: string | null
  audiences: { included: string[]; excluded: string[] }
  sendStrategy: Record<string, unknown>
  sendOptions: Record<string, unknown>
  trackingOptions: Record<string, unknown>
  abTest: AbTestState | null
  holdoutPercent: number
  lateWindowHours: number | null
  scheduledAt: string | null
  sendStartedAt: string | null
  sentAt: string | null
  createdAt: string
  updatedAt: string
  tags: { id: string; name: string }[]
}

export interface MessageView {
  id: string
  campaignId: string
  channel: string
  label: string
  content: Record<string, unknown>
  templateId: string | null
  renderOptions: Record<string, unknown> | null
  imageId: string | null
  createdAt: string
  updatedAt: string
}

export interface VariationView {
  id: string
  messageId: string
  name: string
  weight: number
  content: Record<string, unknown>
  templateId: string | null
}

export interface CampaignDetail extends CampaignView {
  messages: MessageView[]
  variations: VariationView[]
}

export type CampaignSort = 'last_modified' | 'first_modified' | 'last_sent' | 'first_sent'

export interface ListCampaignsQuery {
  channel?: string
  status?: string
  archived?: boolean
  tagId?: string
  q?: string
  omnicampaignId?: string
  sort?: CampaignSort
  page?: number
  pageSize?: number
}

// ---------------------------------------------------------------------------------------------
// Helpers

function parseJson<T>(s: string | null | undefined, fallback: T): T {
  if (!s) return fallback
  try {
    return (JSON.parse(s) as T) ?? fallback
  } catch {
    return fallback
  }
}
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null)

/** Parses `value` with `schema`; on failure a ZodError whose paths start with `path` (the wrappers answer 400 with field errors). */
export function parseAt<T>(schema: ZodType<T>, value: unknown, path: (string | number)[]): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  throw new ZodError(r.error.issues.map((i) => ({ ...i, path: [...path, ...i.path] })))
}

const notFound = (what: string, id: string) => new CampaignError('not_found', `${what} ${id} not found.`)

export function toCampaignView(c: CampaignRecord, tags: { id: string; name: string }[] = []): CampaignView {
  const aud = parseJson<{ included?: string[]; excluded?: string[] }>(c.audiences, {})
  return {
    id: c.id,
    name: c.name,
    channel: c.channel,
    status: c.status,
    archived: c.archived,
    omnicampaignId: c.omnicampaignId,
    audiences: { included: aud.included ?? [], excluded: aud.excluded ?? [] },
    sendStrategy: parseJson(c.sendStrategy, { method: 'immediate' }),
    sendOptions: parseJson(c.sendOptions, { use_smart_sending: true }),
    trackingOptions: parseJson(c.trackingOptions, {}),
    abTest: parseJson<AbTestState | null>(c.abTest, null),
    holdoutPercent: c.holdoutPercent,
    lateWindowHours: c.lateWindowHours,
    scheduledAt: iso(c.scheduledAt),
    sendStartedAt: iso(c.sendStartedAt),
    sentAt: iso(c.sentAt),
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
    tags,
  }
}

export function toMessageView(m: MessageRecord): MessageView {
  return {
    id: m.id,
    campaignId: m.campaignId,
    channel: m.channel,
    label: m.label,
    content: parseJson(m.content, {}),
    templateId: m.templateId,
    renderOptions: parseJson(m.renderOptions, null),
    imageId: m.imageId,
    createdAt: iso(m.createdAt)!,
    updatedAt: iso(m.updatedAt)!,
  }
}

export function toVariationView(v: VariationRecord): VariationView {
  return {
    id: v.id,
    messageId: v.messageId,
    name: v.name,
    weight: v.weight,
    content: parseJson(v.content, {}),
    templateId: v.templateId,
  }
}

/** Tags of each campaign (TagLink resourceType 'campaign'). */
export async function tagsOf(
  companyId: number,
  campaignIds: string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>()
  if (!campaignIds.length) return out
  const links = await db.tagLink.findMany({
    where: { companyId, resourceType: 'campaign', resourceId: { in: campaignIds } },
  })
  if (!links.length) return out
  const tags = await db.tag.findMany({
    where: { companyId, id: { in: [...new Set(links.map((l) => l.tagId))] } },
    select: { id: true, name: true },
  })
  const byId = new Map(tags.map((t) => [t.id, t]))
  for (const l of links) {
    const t = byId.get(l.tagId)
    if (t) (out.get(l.resourceId) ?? out.set(l.resourceId, []).get(l.resourceId)!).push(t)
  }
  for (const list of out.values()) list.sort((a, b) => a.name.localeCompare(b.name))
  return out
}

async function checkAudiences(
  tx: Tx,
  companyId: number,
  aud: { included: string[]; excluded: string[] },
): Promise<void> {
  const ids = [...new Set([...aud.included, ...aud.excluded])]
  if (!ids.length) return
  const found = new Set(
    (await tx.group.findMany({ where: { companyId, id: { in: ids }, deletedAt: null }, select: { id: true } })).map(
      (g) => g.id,
    ),
  )
  const missingIn = aud.included.find((id) => !found.has(id))
  if (missingIn)
    throw new CampaignError('invalid', `The list or segment ${missingIn} does not exist.`, {
      field: 'audiences.included',
    })
  const missingEx = aud.excluded.find((id) => !found.has(id))
  if (missingEx)
    throw new CampaignError('invalid', `The list or segment ${missingEx} does not exist.`, {
      field: 'audiences.excluded',
    })
  if (aud.included.some((id) => aud.excluded.includes(id))) {
    throw new CampaignError('overlapping_audience', 'A list or segment cannot be both included and excluded.', {
      field: 'audiences.excluded',
    })
  }
}

async function checkTags(tx: Tx, companyId: number, tagIds: string[]): Promise<void> {
  const tags = await tx.tag.findMany({ where: { companyId, id: { in: tagIds } }, select: { id: true, groupId: true } })
  const found = new Set(tags.map((t) => t.id))
  const missing = tagIds.find((id) => !found.has(id))
  if (missing) throw new CampaignError('invalid', `The tag ${missing} does not exist.`, { field: 'tagIds' })
  // An exclusive group lends a campaign one of its tags at most (lib/tags/tag-links.ts).
  const exclusive = await tx.tagGroup.findMany({
    where: { companyId, exclusive: true, id: { in: [...new Set(tags.map((t) => t.groupId))] } },
    select: { id: true, name: true },
  })
  for (const g of exclusive) {
    if (tags.filter((t) => t.groupId === g.id).length > 1)
      throw new CampaignError('invalid', `Only one tag of the exclusive group "${g.name}" can be on a campaign.`, {
        field: 'tagIds',
      })
  }
}

async function writeTags(tx: Tx, companyId: number, campaignId: string, tagIds: string[]): Promise<void> {
  await checkTags(tx, companyId, tagIds)
  await tx.tagLink.deleteMany({ where: { companyId, resourceType: 'campaign', resourceId: campaignId } })
  if (tagIds.length) {
    await tx.tagLink.createMany({
      data: [...new Set(tagIds)].map((tagId) => ({
        companyId,
        tagId,
        resourceType: 'campaign',
        resourceId: campaignId,
      })),
    })
  }
}

/** A non-reusable copy of a template (archived: the template lists and pickers never show it). */
async function copyTemplate(tx: Tx, companyId: number, templateId: string, field: string): Promise<string> {
  const t = await tx.template.findFirst({ where: { companyId, id: templateId } })
  if (!t) throw new CampaignError('invalid', `The template ${templateId} does not exist.`, { field })
  const id = shortId(6)
  await tx.template.create({
    data: {
      id,
      companyId,
      name: t.name,
      editorType: t.editorType,
      html: t.html,
      text: t.text,
      definition: t.definition,
      compiledHtml: t.compiledHtml,
      compiledText: t.compiledText,
      amp: t.amp,
      isTransactional: t.isTransactional,
      usesEvent: t.usesEvent,
      warnings: t.warnings,
      archived: true,
    },
  })
  return id
}

async function campaignOrThrow(tx: Tx | typeof db, companyId: number, id: string): Promise<CampaignRecord> {
  const c = await tx.campaign.findFirst({ where: { companyId, id } })
  if (!c) throw notFound('Campaign', id)
  return c
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function findCampaign(companyId: number, id: string): Promise<CampaignView | null> {
  const c = await db.campaign.findFirst({ where: { companyId, id } })
  if (!c) return null
  return toCampaignView(c, (await tagsOf(companyId, [id])).get(id) ?? [])
}

/** The campaign with its messages and variations; CampaignError not_found for another company's id. */
export async function getCampaign(companyId: number, id: string): Promise<CampaignDetail> {
  const c = await campaignOrThrow(db, companyId, id)
  const [messages, variations, tags] = await Promise.all([
    db.campaignMessage.findMany({
      where: { companyId, campaignId: id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    db.campaignVariation.findMany({
      where: { companyId, campaignId: id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    tagsOf(companyId, [id]),
  ])
  return {
    ...toCampaignView(c, tags.get(id) ?? []),
    messages: messages.map(toMessageView),
    variations: variations.map(toVariationView),
  }
}

const SORTS: Record<CampaignSort, Prisma.CampaignOrderByWithRelationInput[]> = {
  last_modified: [{ updatedAt: 'desc' }, { id: 'desc' }],
  first_modified: [{ updatedAt: 'asc' }, { id: 'asc' }],
  last_sent: [{ scheduledAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
  first_sent: [{ scheduledAt: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
}

/** The campaigns list: channel, status, archived, tag, name search; sorts of seed 002 §3.6; pages. */
export async function listCampaigns(
  companyId: number,
  q: ListCampaignsQuery = {},
): Promise<{ campaigns: CampaignView[]; totalCount: number; page: number; pageSize: number }> {
  const page = Math.max(1, Math.floor(q.page ?? 1))
  const pageSize = Math.min(100, Math.max(1, Math.floor(q.pageSize ?? 25)))
  const where: Prisma.CampaignWhereInput = { companyId }
  if (q.channel) where.channel = q.channel
  if (q.status) where.status = q.status
  if (q.archived !== undefined) where.archived = q.archived
  if (q.omnicampaignId) where.omnicampaignId = q.omnicampaignId
  if (q.q?.trim()) where.name = containsText(q.q.trim())
  if (q.tagId) {
    const links = await db.tagLink.findMany({
      where: { companyId, tagId: q.tagId, resourceType: 'campaign' },
      select: { resourceId: true },
    })
    where.id = { in: links.map((l) => l.resourceId) }
  }
  const [rows, totalCount] = await Promise.all([
    db.campaign.findMany({
      where,
      orderBy: SORTS[q.sort ?? 'last_modified'],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.campaign.count({ where }),
  ])
  const tags = await tagsOf(
    companyId,
    rows.map((r) => r.id),
  )
  return { campaigns: rows.map((r) => toCampaignView(r, tags.get(r.id) ?? [])), totalCount, page, pageSize }
}

export async function listMessages(companyId: number, campaignId: string): Promise<MessageView[]> {
  await campaignOrThrow(db, companyId, campaignId)
  const rows = await db.campaignMessage.findMany({
    where: { companyId, campaignId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  return rows.map(toMessageView)
}

export async function getMessage(companyId: number, messageId: string): Promise<MessageView> {
  const m = await db.campaignMessage.findFirst({ where: { companyId, id: messageId } })
  if (!m) throw notFound('Campaign message', messageId)
  return toMessageView(m)
}

// ---------------------------------------------------------------------------------------------
// Writes

function messageData(
  channel: string,
  m: {
    label?: string | null
    content?: Record<string, unknown> | null
    renderOptions?: Record<string, unknown> | null
    imageId?: string | null
  },
  path: (string | number)[],
) {
  const content = parseAt(contentSchemaFor(channel) as ZodType<Record<string, unknown>>, m.content ?? {}, [
    ...path,
    'content',
  ])
  const renderOptions =
    m.renderOptions == null
      ? null
      : channel === 'sms'
        ? parseAt(renderOptionsSchema, m.renderOptions, [...path, 'renderOptions'])
        : m.renderOptions
  return {
    label: m.label ?? '',
    content: JSON.stringify(stripNulls(content)),
    renderOptions: renderOptions == null ? null : JSON.stringify(renderOptions),
    imageId: m.imageId ?? null,
  }
}

function stripNulls(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
}

/** Creates a Draft campaign with its one message (an empty one of the channel if none is given). */
export async function createCampaign(
  companyId: number,
  input: CreateCampaignInput,
  opts: { userId?: number | null } = {},
): Promise<CampaignDetail> {
  const a = createCampaignSchema.parse(input)
  const audiences = { included: a.audiences?.included ?? [], excluded: a.audiences?.excluded ?? [] }
  const messages = a.messages?.length ? a.messages : [{}]
  const prepared = messages.map((m, i) => messageData(a.channel, m, ['messages', i]))
  const id = ulid()
  await db.$transaction(async (tx) => {
    await checkAudiences(tx, companyId, audiences)
    await tx.campaign.create({
      data: {
        id,
        companyId,
        name: a.name,
        channel: a.channel,
        omnicampaignId: a.omnicampaignId ?? null,
        status: 'Draft',
        audiences: JSON.stringify(audiences),
        sendStrategy: JSON.stringify(a.sendStrategy ?? { method: 'immediate' }),
        sendOptions: JSON.stringify({ use_smart_sending: a.sendOptions?.use_smart_sending ?? true }),
        trackingOptions: JSON.stringify(a.trackingOptions ?? defaultTracking(a.channel)),
        createdById: opts.userId ?? null,
      },
    })
    for (const [i, m] of messages.entries()) {
      const templateId = m.templateId
        ? await copyTemplate(tx, companyId, m.templateId, `messages.${i}.templateId`)
        : null
      await tx.campaignMessage.create({
        data: { id: ulid(), companyId, campaignId: id, channel: a.channel, ...prepared[i]!, templateId },
      })
    }
    if (a.tagIds?.length) await writeTags(tx, companyId, id, a.tagIds)
  })
  return getCampaign(companyId, id)
}

function defaultTracking(channel: string): Record<string, unknown> {
  return channel === 'email'
    ? { add_tracking_params: false, custom_tracking_params: [], is_tracking_clicks: true, is_tracking_opens: true }
    : { add_tracking_params: false, custom_tracking_params: [] }
}

/** Updates the given fields; audiences: each given list replaces the old one. Refused while sending or once sent (name and tags excepted). */
export async function updateCampaign(companyId: number, id: string, patch: CampaignPatch): Promise<CampaignDetail> {
  await db.$transaction(async (tx) => {
    const c = await campaignOrThrow(tx, companyId, id)
    const nameOnly = Object.keys(patch).every(
      (k) => k === 'name' || k === 'tagIds' || (patch as Record<string, unknown>)[k] === undefined,
    )
    assertEditable(c, { nameOnly })
    // The start job was booked for the planned time: a new time needs a new decision.
    if (patch.sendStrategy && c.status !== 'Draft') {
      throw new CampaignError(
        'not_editable',
        `The campaign is ${c.status.toLowerCase()}: revert it to draft to change when it is sent.`,
        { field: 'sendStrategy' },
      )
    }
    const data: Prisma.CampaignUpdateManyMutationInput = { updatedAt: new Date() }
    if (patch.name !== undefined) data.name = patch.name
    if (patch.audiences) {
      const aud = audiencesUpdateSchema.parse(patch.audiences)
      const old = toCampaignView(c).audiences
      const next = { included: aud.included ?? old.included, excluded: aud.excluded ?? old.excluded }
      await checkAudiences(tx, companyId, next)
      data.audiences = JSON.stringify(next)
    }
    if (patch.sendStrategy) data.sendStrategy = JSON.stringify(patch.sendStrategy)
    if (patch.sendOptions)
      data.sendOptions = JSON.stringify({ ...toCampaignView(c).sendOptions, ...stripNulls(patch.sendOptions) })
    if (patch.trackingOptions !== undefined)
      data.trackingOptions = JSON.stringify(patch.trackingOptions ?? defaultTracking(c.channel))
    if (patch.holdoutPercent !== undefined) data.holdoutPercent = patch.holdoutPercent
    if (patch.lateWindowHours !== undefined) data.lateWindowHours = patch.lateWindowHours
    // Only if the status is still the one checked (a send started meanwhile wins).
    const { count } = await tx.campaign.updateMany({ where: { companyId, id, status: c.status }, data })
    if (!count)
      throw new CampaignError('not_editable', 'The campaign changed status meanwhile; reload it and try again.')
    if (patch.tagIds) await writeTags(tx, companyId, id, patch.tagIds)
  })
  return getCampaign(companyId, id)
}

/** Updates one message's label, content fields (merged over the old ones), render options or image. */
export async function updateMessage(
  companyId: number,
  messageId: string,
  input: {
    label?: string | null
    content?: Record<string, unknown> | null
    renderOptions?: Record<string, unknown> | null
    imageId?: string | null
    templateId?: string | null
  },
  opts: { replaceContent?: boolean } = {},
): Promise<MessageView> {
  await db.$transaction(async (tx) => {
    const m = await tx.campaignMessage.findFirst({ where: { companyId, id: messageId } })
    if (!m) throw notFound('Campaign message', messageId)
    const c = await campaignOrThrow(tx, companyId, m.campaignId)
    assertEditable(c)
    const old = toMessageView(m)
    const content =
      input.content == null ? old.content : opts.replaceContent ? input.content : { ...old.content, ...input.content }
    const d = messageData(
      m.channel,
      {
        label: input.label ?? old.label,
        content,
        renderOptions: input.renderOptions === undefined ? old.renderOptions : input.renderOptions,
        imageId: input.imageId === undefined ? old.imageId : input.imageId,
      },
      [],
    )
    if (input.imageId) {
      const img = await tx.image.findFirst({ where: { companyId, id: input.imageId }, select: { id: true } })
      if (!img) throw new CampaignError('invalid', `The image ${input.imageId} does not exist.`, { field: 'image' })
    }
    const templateId = input.templateId
      ? await copyTemplate(tx, companyId, input.templateId, 'templateId')
      : m.templateId
    await tx.campaignMessage.updateMany({ where: { companyId, id: messageId }, data: { ...d, templateId } })
    await tx.campaign.updateMany({ where: { companyId, id: m.campaignId }, data: { updatedAt: new Date() } })
  })
  return getMessage(companyId, messageId)
}

/** Stores a non-reusable copy of the template on the message (POST /api/campaign-message-assign-template). */
export async function assignTemplate(companyId: number, messageId: string, templateId: string): Promise<MessageView> {
  await db.$transaction(async (tx) => {
    const m = await tx.campaignMessage.findFirst({ where: { companyId, id: messageId } })
    if (!m) throw notFound('Campaign message', messageId)
    if (m.channel !== 'email')
      throw new CampaignError('invalid', 'Only email messages use templates.', { field: 'template' })
    assertEditable(await campaignOrThrow(tx, companyId, m.campaignId))
    const copy = await copyTemplate(tx, companyId, templateId, 'template')
    await tx.campaignMessage.updateMany({ where: { companyId, id: messageId }, data: { templateId: copy } })
    await tx.campaign.updateMany({ where: { companyId, id: m.campaignId }, data: { updatedAt: new Date() } })
  })
  return getMessage(companyId, messageId)
}

/** A Draft copy: the settings, a copy of each message (with a copy of its template) and the variations. */
export async function cloneCampaign(
  companyId: number,
  id: string,
  newName?: string | null,
  opts: { userId?: number | null; omnicampaignId?: string | null } = {},
): Promise<CampaignDetail> {
  const src = await getCampaign(companyId, id)
  const name = (newName?.trim() || `Copy of ${src.name}`).slice(0, 255)
  const newId = ulid()
  await db.$transaction(async (tx) => {
    const c = await campaignOrThrow(tx, companyId, id)
    const ab = src.abTest ? configOnly(src.abTest) : null
    await tx.campaign.create({
      data: {
        id: newId,
        companyId,
        name,
        channel: c.channel,
        omnicampaignId: opts.omnicampaignId ?? null,
        status: 'Draft',
        audiences: c.audiences,
        sendStrategy: c.sendStrategy,
        sendOptions: c.sendOptions,
        trackingOptions: c.trackingOptions,
        abTest: ab ? JSON.stringify(ab) : null,
        holdoutPercent: c.holdoutPercent,
        lateWindowHours: c.lateWindowHours,
        createdById: opts.userId ?? c.createdById,
      },
    })
    const messageIds = new Map<string, string>()
    for (const m of src.messages) {
      const mid = ulid()
      messageIds.set(m.id, mid)
      const templateId = m.templateId ? await copyTemplate(tx, companyId, m.templateId, 'template') : null
      await tx.campaignMessage.create({
        data: {
          id: mid,
          companyId,
          campaignId: newId,
          channel: m.channel,
          label: m.label,
          content: JSON.stringify(m.content),
          templateId,
          renderOptions: m.renderOptions ? JSON.stringify(m.renderOptions) : null,
          imageId: m.imageId,
        },
      })
    }
    for (const v of src.variations) {
      const templateId = v.templateId ? await copyTemplate(tx, companyId, v.templateId, 'template') : null
      await tx.campaignVariation.create({
        data: {
          id: ulid(),
          companyId,
          campaignId: newId,
          messageId: messageIds.get(v.messageId) ?? v.messageId,
          name: v.name,
          weight: v.weight,
          content: JSON.stringify(v.content),
          templateId,
        },
      })
    }
    if (src.tags.length)
      await writeTags(
        tx,
        companyId,
        newId,
        src.tags.map((t) => t.id),
      )
  })
  return getCampaign(companyId, newId)
}

function configOnly(t: AbTestState): AbTestState {
  const { variable, testPercent, metric, windowHours, confidence, fallback } = t
  return stripNulls({ variable, testPercent, metric, windowHours, confidence, fallback }) as AbTestState
}

/** Deletes the campaign with its messages and variations; refused while it is being sent. */
export async function deleteCampaign(companyId: number, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const c = await campaignOrThrow(tx, companyId, id)
    if (c.status !== 'Sent' && !c.status.startsWith('Cancelled')) assertEditable(c)
    if (c.status !== 'Draft' && c.status !== 'Sent' && !c.status.startsWith('Cancelled')) {
      throw new CampaignError(
        'wrong_status',
        `A campaign that is ${c.status.toLowerCase()} cannot be deleted; cancel it or revert it to draft first.`,
      )
    }
    const messages = await tx.campaignMessage.findMany({
      where: { companyId, campaignId: id },
      select: { templateId: true },
    })
    const variations = await tx.campaignVariation.findMany({
      where: { companyId, campaignId: id },
      select: { templateId: true },
    })
    const copies = [...messages, ...variations].map((m) => m.templateId).filter((t): t is string => !!t)
    await tx.campaignVariation.deleteMany({ where: { companyId, campaignId: id } })
    await tx.campaignMessage.deleteMany({ where: { companyId, campaignId: id } })
    await tx.campaignEstimation.deleteMany({ where: { companyId, campaignId: id } })
    await tx.tagLink.deleteMany({ where: { companyId, resourceType: 'campaign', resourceId: id } })
    // The message's own template copies (archived, never reusable) go with it; Sends keep their rendered content.
    if (copies.length) await tx.template.deleteMany({ where: { companyId, id: { in: copies }, archived: true } })
    await tx.campaign.deleteMany({ where: { companyId, id } })
  })
}

export async function setArchived(companyId: number, id: string, archived: boolean): Promise<CampaignView> {
  const c = await campaignOrThrow(db, companyId, id)
  if (archived && c.status !== 'Draft' && c.status !== 'Sent' && !c.status.startsWith('Cancelled')) {
    throw new CampaignError(
      'wrong_status',
      `A campaign that is ${c.status.toLowerCase()} cannot be archived; cancel it first.`,
    )
  }
  await db.campaign.updateMany({ where: { companyId, id }, data: { archived } })
  return (await findCampaign(companyId, id))!
}

/** Replaces the A/B test config and the variations (ids kept for the ones given with an id). */
export async function setVariations(
  companyId: number,
  campaignId: string,
  input: { abTest: AbTestInput | null; variations: VariationInput[] },
): Promise<{ abTest: AbTestState | null; variations: VariationView[] }> {
  const body = variationsBody.parse(input)
  await db.$transaction(async (tx) => {
    const c = await campaignOrThrow(tx, companyId, campaignId)
    assertEditable(c)
    const messages = await tx.campaignMessage.findMany({ where: { companyId, campaignId } })
    const byId = new Map(messages.map((m) => [m.id, m]))
    const existing = new Map(
      (await tx.campaignVariation.findMany({ where: { companyId, campaignId } })).map((v) => [v.id, v]),
    )
    const keep = new Set<string>()
    for (const [i, v] of body.variations.entries()) {
      const m = byId.get(v.messageId)
      if (!m)
        throw new CampaignError('invalid', `The message ${v.messageId} is not one of this campaign's.`, {
          field: `variations.${i}.messageId`,
        })
      const content = parseAt(contentSchemaFor(m.channel) as ZodType<Record<string, unknown>>, v.content, [
        'variations',
        i,
        'content',
      ])
      const prev = v.id ? existing.get(v.id) : undefined
      if (v.id && !prev)
        throw new CampaignError('invalid', `The variation ${v.id} is not one of this campaign's.`, {
          field: `variations.${i}.id`,
        })
      const templateId =
        v.templateId && v.templateId !== prev?.templateId
          ? await copyTemplate(tx, companyId, v.templateId, `variations.${i}.templateId`)
          : (v.templateId ?? null)
      const data = {
        messageId: v.messageId,
        name: v.name,
        weight: v.weight,
        content: JSON.stringify(stripNulls(content)),
        templateId,
      }
      if (prev) {
        keep.add(prev.id)
        await tx.campaignVariation.updateMany({ where: { companyId, id: prev.id }, data })
      } else {
        await tx.campaignVariation.create({ data: { id: ulid(), companyId, campaignId, ...data } })
      }
    }
    const drop = [...existing.keys()].filter((id) => !keep.has(id))
    if (drop.length) await tx.campaignVariation.deleteMany({ where: { companyId, campaignId, id: { in: drop } } })
    const ab = body.abTest ? abTestSchema.parse(body.abTest) : null
    if (ab && body.variations.length < 2)
      throw new CampaignError('ab_test_variations', 'An A/B test needs at least two variations.', {
        field: 'variations',
      })
    await tx.campaign.updateMany({
      where: { companyId, id: campaignId },
      data: { abTest: ab ? JSON.stringify(ab) : null },
    })
  })
  const d = await getCampaign(companyId, campaignId)
  return { abTest: d.abTest, variations: d.variations }
}
