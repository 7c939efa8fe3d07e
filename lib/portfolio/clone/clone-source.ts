// What a clone copies, read from the source account (every read carries its companyId), and the
// lists, segments, metrics and coupons it points at there.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { couponsIn } from './coupon-tags'
import type { CloneKind, RefKind } from './clone-kinds'

export interface SourceRef {
  kind: RefKind
  id: string
}

const templateFields = (t: {
  html: string
  text: string | null
  definition: string | null
  compiledHtml: string
  compiledText: string
  amp: string | null
}) => [t.html, t.text, t.definition, t.compiledHtml, t.compiledText, t.amp]

/** The metrics and lists a segment definition names (conditions nest in groups). */
export function segmentRefs(definition: string | null): SourceRef[] {
  const out: SourceRef[] = []
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk)
    if (!n || typeof n !== 'object') return
    const o = n as Record<string, unknown>
    if (o.kind === 'metric' && typeof o.metricId === 'string') out.push({ kind: 'metric', id: o.metricId })
    if (o.kind === 'list_membership' && typeof o.listId === 'string') out.push({ kind: 'list', id: o.listId })
    Object.values(o).forEach(walk)
  }
  try {
    walk(JSON.parse(definition ?? 'null'))
  } catch {
    // a definition that does not parse names nothing; the segment's own validation reports it
  }
  return out
}

export async function getTemplateSource(companyId: number, id: string) {
  const t = await db.template.findFirst({ where: { companyId, id } })
  if (!t) throw notFound('No such template.')
  return t
}

export async function getCampaignSource(companyId: number, id: string) {
  const c = await db.campaign.findFirst({ where: { companyId, id } })
  if (!c) throw notFound('No such campaign.')
  const [messages, variations] = await Promise.all([
    db.campaignMessage.findMany({ where: { companyId, campaignId: id }, orderBy: { createdAt: 'asc' } }),
    db.campaignVariation.findMany({ where: { companyId, campaignId: id }, orderBy: { createdAt: 'asc' } }),
  ])
  const templateIds = [...messages, ...variations].map((m) => m.templateId).filter((x): x is string => !!x)
  const templates = templateIds.length
    ? await db.template.findMany({ where: { companyId, id: { in: templateIds } } })
    : []
  return { campaign: c, messages, variations, templates: new Map(templates.map((t) => [t.id, t])) }
}

export async function getGroupSource(companyId: number, id: string) {
  const g = await db.group.findFirst({ where: { companyId, id, deletedAt: null } })
  if (!g) throw notFound('No such list or segment.')
  return g
}

const audienceIds = (json: string): string[] => {
  try {
    const a = JSON.parse(json) as { included?: string[]; excluded?: string[] }
    return [...(a.included ?? []), ...(a.excluded ?? [])]
  } catch {
    return []
  }
}

/** The source's name and what it points at (deduplicated, lists and segments told apart by their row). */
export async function sourceRefs(kind: CloneKind, companyId: number, id: string) {
  let name: string
  const raw: SourceRef[] = []
  let groupIds: string[] = []
  if (kind === 'template') {
    const t = await getTemplateSource(companyId, id)
    name = t.name
    for (const c of couponsIn(templateFields(t))) raw.push({ kind: 'coupon', id: c })
  } else if (kind === 'campaign') {
    const s = await getCampaignSource(companyId, id)
    name = s.campaign.name
    groupIds = audienceIds(s.campaign.audiences)
    for (const t of s.templates.values())
      for (const c of couponsIn(templateFields(t))) raw.push({ kind: 'coupon', id: c })
  } else {
    const g = await getGroupSource(companyId, id)
    name = g.name
    if (g.type === SEGMENT)
      for (const r of segmentRefs(g.definition)) {
        if (r.kind === 'list') groupIds.push(r.id)
        else raw.push(r)
      }
  }
  if (groupIds.length) {
    const groups = await db.group.findMany({
      where: { companyId, id: { in: groupIds } },
      select: { id: true, type: true },
    })
    for (const g of groups) raw.push({ kind: g.type === LIST ? 'list' : 'segment', id: g.id })
  }
  const seen = new Set<string>()
  const refs = raw.filter((r) => {
    const k = `${r.kind}:${r.id}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  return { name, refs }
}

export { templateFields }
