// The cross-account clone job: makes the copy in the target account as a draft and records its
// id. What is copied: a template's content; a campaign's settings, messages, variations and a
// copy of each of their templates; a list's settings (never its members) or a segment's
// definition (its members are computed from the target's own profiles). What is not: profiles,
// sends, images and tags of the source account, and secrets (none of these rows hold any).
// Lists, segments, metrics and coupons are pointed at the target's per the mapping; "create"
// makes an empty list or a metric of the same name.
// Template, campaign and list copies are one transaction each, so a failed job leaves nothing
// half-made; the role in the target is checked again here (it may have changed since the start).
import { db } from '@/lib/db/client'
import { shortId, ulid } from '@/lib/ids/make-id'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { createSegment } from '@/lib/groups/create-segment'
import type { Prisma } from '@/generated/prisma/client'
import { refKey, type CloneKind } from './clone-kinds'
import { assertCloneTarget } from './clone-targets'
import { getCampaignSource, getGroupSource, getTemplateSource } from './clone-source'
import { rewriteCoupons } from './coupon-tags'

type Tx = Prisma.TransactionClient
type TemplateRow = Awaited<ReturnType<typeof getTemplateSource>>

interface Ctx {
  tx: Tx
  source: number
  target: number
  mapping: Record<string, string>
  coupons: Map<string, string>
  /** Objects "create"d by this job, by reference key. */
  made: Map<string, string>
}

/** The target id of a list, segment or metric reference; "create" makes it once per job. */
async function mapped(c: Ctx, kind: 'list' | 'segment' | 'metric', id: string): Promise<string | null> {
  const key = refKey(kind, id)
  const to = c.mapping[key]
  if (!to) return null
  if (to !== 'create') return to
  if (c.made.has(key)) return c.made.get(key)!
  let made: string
  if (kind === 'metric') {
    const m = await c.tx.metric.findFirst({ where: { companyId: c.source, id }, select: { name: true } })
    const name = m?.name ?? id
    made = (
      await c.tx.metric.upsert({
        where: { companyId_name: { companyId: c.target, name } },
        create: { id: shortId(), companyId: c.target, name },
        update: {},
        select: { id: true },
      })
    ).id
  } else {
    const g = await c.tx.group.findFirst({
      where: { companyId: c.source, id },
      select: { name: true, optInProcess: true },
    })
    made = shortId(6)
    await c.tx.group.create({
      data: {
        id: made,
        companyId: c.target,
        name: g?.name ?? id,
        type: LIST,
        optInProcess: g?.optInProcess ?? 'single_opt_in',
      },
    })
  }
  c.made.set(key, made)
  return made
}

async function copyTemplate(c: Ctx, t: TemplateRow, name = t.name) {
  const id = shortId()
  const r = <T extends string | null>(s: T) => rewriteCoupons(s, c.coupons)
  await c.tx.template.create({
    data: {
      id,
      companyId: c.target,
      name,
      editorType: t.editorType,
      html: r(t.html),
      text: r(t.text),
      definition: r(t.definition),
      compiledHtml: r(t.compiledHtml),
      compiledText: r(t.compiledText),
      amp: r(t.amp),
      isTransactional: t.isTransactional,
      usesEvent: t.usesEvent,
      warnings: t.warnings,
    },
  })
  return id
}

async function cloneCampaign(c: Ctx, sourceId: string, name: string) {
  const s = await getCampaignSource(c.source, sourceId)
  const aud = JSON.parse(s.campaign.audiences) as { included?: string[]; excluded?: string[] }
  const groupKind = async (id: string) =>
    (await c.tx.group.findFirst({ where: { companyId: c.source, id }, select: { type: true } }))?.type === LIST
      ? ('list' as const)
      : ('segment' as const)
  const mapAll = async (ids: string[] = []) => {
    const out: string[] = []
    for (const id of ids) {
      const to = await mapped(c, await groupKind(id), id)
      if (to) out.push(to)
    }
    return out
  }
  const audiences = { included: await mapAll(aud.included), excluded: await mapAll(aud.excluded) }
  const id = ulid()
  await c.tx.campaign.create({
    data: {
      id,
      companyId: c.target,
      name,
      channel: s.campaign.channel,
      status: 'Draft',
      audiences: JSON.stringify(audiences),
      sendStrategy: JSON.stringify({ method: 'immediate' }),
      sendOptions: s.campaign.sendOptions,
      trackingOptions: s.campaign.trackingOptions,
      holdoutPercent: s.campaign.holdoutPercent,
      lateWindowHours: s.campaign.lateWindowHours,
    },
  })
  const copies = new Map<string, string>()
  const templateCopy = async (templateId: string | null) => {
    if (!templateId) return null
    if (!copies.has(templateId)) {
      const t = s.templates.get(templateId)
      if (!t) return null
      copies.set(templateId, await copyTemplate(c, t))
    }
    return copies.get(templateId)!
  }
  const messageIds = new Map<string, string>()
  for (const m of s.messages) {
    const mid = ulid()
    messageIds.set(m.id, mid)
    await c.tx.campaignMessage.create({
      data: {
        id: mid,
        companyId: c.target,
        campaignId: id,
        channel: m.channel,
        label: m.label,
        content: m.content,
        templateId: await templateCopy(m.templateId),
        renderOptions: m.renderOptions,
      },
    })
  }
  for (const v of s.variations)
    await c.tx.campaignVariation.create({
      data: {
        id: ulid(),
        companyId: c.target,
        campaignId: id,
        messageId: messageIds.get(v.messageId) ?? v.messageId,
        name: v.name,
        weight: v.weight,
        content: v.content,
        templateId: await templateCopy(v.templateId),
      },
    })
  return id
}

/** A segment definition with its metric and list ids pointed at the target's. */
async function mapDefinition(c: Ctx, definition: string | null) {
  const walk = async (n: unknown): Promise<unknown> => {
    if (Array.isArray(n)) return Promise.all(n.map(walk))
    if (!n || typeof n !== 'object') return n
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(n)) o[k] = await walk(v)
    if (o.kind === 'metric' && typeof o.metricId === 'string') o.metricId = await mapped(c, 'metric', o.metricId)
    if (o.kind === 'list_membership' && typeof o.listId === 'string') o.listId = await mapped(c, 'list', o.listId)
    return o
  }
  return walk(JSON.parse(definition ?? '{}'))
}

async function cloneGroup(c: Ctx, sourceId: string, name: string) {
  const g = await getGroupSource(c.source, sourceId)
  if (g.type !== SEGMENT) {
    const id = shortId(6)
    await c.tx.group.create({
      data: { id, companyId: c.target, name, type: LIST, optInProcess: g.optInProcess, tags: g.tags },
    })
    return { id, segment: null }
  }
  return { id: null, segment: await mapDefinition(c, g.definition) }
}

async function copy(
  kind: CloneKind,
  job: { sourceCompanyId: number; targetCompanyId: number; sourceId: string; name: string; mapping: string },
) {
  const mapping = JSON.parse(job.mapping) as Record<string, string>
  const coupons = new Map<string, string>()
  for (const [k, v] of Object.entries(mapping)) if (k.startsWith('coupon:')) coupons.set(k.slice(7), v)
  return db.$transaction(async (tx) => {
    const c: Ctx = { tx, source: job.sourceCompanyId, target: job.targetCompanyId, mapping, coupons, made: new Map() }
    if (kind === 'template')
      return { id: await copyTemplate(c, await getTemplateSource(c.source, job.sourceId), job.name), segment: null }
    if (kind === 'campaign') return { id: await cloneCampaign(c, job.sourceId, job.name), segment: null }
    return cloneGroup(c, job.sourceId, job.name)
  })
}

export async function runCrossAccountClone(jobId: number): Promise<void> {
  const job = await db.crossAccountCloneJob.findUnique({ where: { id: jobId } })
  if (!job || job.status === 'done' || job.status === 'error') return
  await db.crossAccountCloneJob.update({ where: { id: jobId }, data: { status: 'running' } })
  try {
    const kind = job.kind as CloneKind
    await assertCloneTarget(job.userId, job.targetCompanyId, kind)
    const made = await copy(kind, job)
    // A segment is made through the segments module (validation and its first computation),
    // after the lists and metrics it names exist in the target.
    const resultId =
      made.id ?? (await createSegment(job.targetCompanyId, { name: job.name, definition: made.segment })).id
    await db.crossAccountCloneJob.update({ where: { id: jobId }, data: { status: 'done', resultId } })
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    await db.crossAccountCloneJob.update({
      where: { id: jobId },
      data: { status: 'error', error: message.slice(0, 1000) },
    })
  }
}
