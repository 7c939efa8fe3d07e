// The public API's campaign and campaign-message resources (JSON:API, revision 2026-07-15): the
// serializers, the list page of GET /api/campaigns (the channel filter is required), and the
// store's errors as JSON:API errors.
import { ZodError } from 'zod'
import type { Prisma } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { ApiError, apiNotFound, invalidParam } from '@/lib/api/api-error'
import { apiDate, apiLink, pickFields, relationshipLinks } from '@/lib/api/json-api'
import { decodeCursor, nextLink } from '@/lib/api/cursor'
import { keysetOrder, keysetWhere, pageOf } from '@/lib/api/keyset'
import {
  dateValue,
  enumList,
  filterParam,
  pageSize,
  sortParam,
  sparseFields,
  stringValues,
} from '@/lib/api/query-params'
import { CampaignError } from '../errors'
import { tagsOf, toCampaignView, toMessageView, type CampaignView, type MessageView } from '../store'

export const CAMPAIGN_FIELDS = [
  'name',
  'status',
  'archived',
  'audiences',
  'send_options',
  'tracking_options',
  'send_strategy',
  'created_at',
  'scheduled_at',
  'updated_at',
  'send_time',
  'id',
] as const
export const MESSAGE_FIELDS = [
  'definition',
  'send_times',
  'created_at',
  'updated_at',
  'label',
  'channel',
  'content',
  'render_options',
] as const

const dateOrNull = (s: string | null | undefined) => (s ? apiDate(new Date(s)) : null)

/** Runs a store/lifecycle call; CampaignError → JSON:API 400/404/409 with a pointer below `base`. */
export async function campaignApiCall<T>(fn: () => Promise<T>, base = '/data/attributes'): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof CampaignError) {
      if (e.status === 404) throw apiNotFound(e.message)
      const pointer = e.field ? `${base}/${apiFieldPath(e.field)}` : undefined
      throw new ApiError(
        e.status,
        e.status === 409 ? 'conflict' : 'invalid',
        e.message,
        pointer ? { pointer } : undefined,
      )
    }
    if (e instanceof ZodError) {
      // Store validation paths (camelCase) as the body's attribute paths.
      throw ApiError.many(
        400,
        e.issues.map((i) => ({
          detail: i.message,
          source: { pointer: `${base}/${apiFieldPath(i.path.map(String).join('.'))}` },
        })),
      )
    }
    throw e
  }
}

const SNAKE: Record<string, string> = {
  sendStrategy: 'send_strategy',
  sendOptions: 'send_options',
  trackingOptions: 'tracking_options',
  messages: 'campaign-messages',
  renderOptions: 'render_options',
}
const apiFieldPath = (field: string) =>
  field
    .split('.')
    .map((p) => SNAKE[p] ?? p)
    .join('/')

/** The vendor's send_times of a message: from the campaign's strategy. */
export function sendTimes(c: CampaignView): Array<{ datetime: string; is_local: boolean }> {
  const s = c.sendStrategy as {
    method?: string
    datetime?: string
    date?: string
    options?: { is_local?: boolean } | null
  }
  if ((s.method === 'static' || s.method === 'throttled') && s.datetime)
    return [{ datetime: apiDate(new Date(s.datetime))!, is_local: !!s.options?.is_local }]
  if (s.method === 'smart_send_time' && s.date)
    return [{ datetime: apiDate(new Date(`${s.date}T00:00:00Z`))!, is_local: true }]
  if (c.scheduledAt) return [{ datetime: dateOrNull(c.scheduledAt)!, is_local: false }]
  return []
}

export function serializeCampaign(
  url: URL,
  c: CampaignView,
  opts: { fields?: Set<string> | null; messageIds?: string[]; withTags?: boolean } = {},
) {
  const attributes: Record<string, unknown> = {
    name: c.name,
    status: c.status,
    archived: c.archived,
    audiences: { included: c.audiences.included, excluded: c.audiences.excluded },
    send_options: { use_smart_sending: c.sendOptions.use_smart_sending ?? true },
    tracking_options: c.trackingOptions,
    send_strategy: c.abTest ? { method: 'ab_test_campaign' } : c.sendStrategy,
    created_at: dateOrNull(c.createdAt),
    scheduled_at: dateOrNull(c.scheduledAt),
    updated_at: dateOrNull(c.updatedAt),
    send_time: dateOrNull(c.sentAt ?? c.sendStartedAt ?? c.scheduledAt),
  }
  const messages = relationshipLinks(url, 'campaigns', c.id, 'campaign-messages')
  const tags = relationshipLinks(url, 'campaigns', c.id, 'tags')
  return {
    type: 'campaign' as const,
    id: c.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    relationships: {
      'campaign-messages': opts.messageIds
        ? { data: opts.messageIds.map((id) => ({ type: 'campaign-message', id })), ...messages }
        : messages,
      tags: opts.withTags ? { data: c.tags.map((t) => ({ type: 'tag', id: t.id })), ...tags } : tags,
    },
    links: { self: apiLink(url, `/campaigns/${c.id}/`) },
  }
}

function definitionOf(m: MessageView): Record<string, unknown> {
  if (m.channel === 'sms')
    return {
      channel: 'sms',
      label: m.label,
      content: { body: m.content.body ?? null },
      render_options: m.renderOptions ?? {
        shorten_links: true,
        add_org_prefix: true,
        add_info_link: true,
        add_opt_out_language: false,
      },
    }
  if (m.channel === 'mobile_push') {
    const extra = (m.renderOptions ?? {}) as Record<string, unknown>
    return {
      channel: 'mobile_push',
      label: m.label,
      content: m.content,
      notification_type: 'standard',
      kv_pairs: extra.kv_pairs ?? null,
      options: extra.options ?? null,
    }
  }
  const c = m.content
  return {
    channel: 'email',
    label: m.label,
    content: {
      subject: c.subject ?? null,
      preview_text: c.preview_text ?? null,
      from_email: c.from_email ?? null,
      from_label: c.from_label ?? null,
      reply_to_email: c.reply_to_email ?? null,
      cc_email: c.cc_email ?? null,
      bcc_email: c.bcc_email ?? null,
    },
  }
}

/** A campaign-message; `older`: the shape of POST /api/campaign-message-assign-template (label, channel, content … at the top). */
export function serializeMessage(
  url: URL,
  m: MessageView,
  c: CampaignView,
  opts: { fields?: Set<string> | null; older?: boolean } = {},
) {
  const def = definitionOf(m)
  const attributes: Record<string, unknown> = opts.older
    ? {
        label: m.label,
        channel: m.channel,
        content: def.content,
        send_times: sendTimes(c),
        render_options: def.render_options ?? null,
        created_at: dateOrNull(m.createdAt),
        updated_at: dateOrNull(m.updatedAt),
      }
    : {
        definition: def,
        send_times: sendTimes(c),
        created_at: dateOrNull(m.createdAt),
        updated_at: dateOrNull(m.updatedAt),
      }
  return {
    type: 'campaign-message' as const,
    id: m.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    relationships: {
      campaign: {
        data: { type: 'campaign', id: m.campaignId },
        ...relationshipLinks(url, 'campaign-messages', m.id, 'campaign'),
      },
      template: {
        data: m.templateId ? { type: 'template', id: m.templateId } : null,
        ...relationshipLinks(url, 'campaign-messages', m.id, 'template'),
      },
      image: {
        data: m.imageId ? { type: 'image', id: m.imageId } : null,
        ...relationshipLinks(url, 'campaign-messages', m.id, 'image'),
      },
    },
    links: { self: apiLink(url, `/campaign-messages/${m.id}/`) },
  }
}

export function serializeTagRef(url: URL, t: { id: string; name: string }) {
  return {
    type: 'tag' as const,
    id: t.id,
    attributes: { name: t.name },
    links: { self: apiLink(url, `/tags/${t.id}/`) },
  }
}

const CHANNEL_REQUIRED =
  "A channel filter is required to list campaigns. Please try again with either of the following filters: equals(messages.channel,'email'), equals(messages.channel,'sms'), equals(messages.channel,'mobile_push')"

const DATE_OPS = ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'] as const
const PRISMA_DATE: Record<string, string> = {
  'greater-or-equal': 'gte',
  'greater-than': 'gt',
  'less-or-equal': 'lte',
  'less-than': 'lt',
}
const COLUMNS: Record<
  string,
  { column: 'id' | 'name' | 'createdAt' | 'scheduledAt' | 'updatedAt'; kind: 'date' | 'text'; nullable?: boolean }
> = {
  id: { column: 'id', kind: 'text' },
  name: { column: 'name', kind: 'text' },
  created_at: { column: 'createdAt', kind: 'date' },
  scheduled_at: { column: 'scheduledAt', kind: 'date', nullable: true },
  updated_at: { column: 'updatedAt', kind: 'date' },
}

/** GET /api/campaigns: the channel filter (required), other filters, sorts, 100 per page, include=campaign-messages,tags. */
export async function listCampaignsPage(companyId: number, url: URL) {
  const size = pageSize(url, { def: 100, max: 100 })
  const fields = sparseFields(url, 'campaign', CAMPAIGN_FIELDS)
  const include = enumList(url, 'include', ['campaign-messages', 'tags'] as const)
  const sort = sortParam(
    url,
    [
      'created_at',
      '-created_at',
      'id',
      '-id',
      'name',
      '-name',
      'scheduled_at',
      '-scheduled_at',
      'updated_at',
      '-updated_at',
    ] as const,
    'id',
  )
  if (!url.searchParams.get('filter')?.trim()) throw invalidParam('filter', CHANNEL_REQUIRED)
  const conds = filterParam(url, {
    id: ['any'],
    'messages.channel': ['equals'],
    name: ['contains'],
    status: ['any', 'equals'],
    archived: ['equals'],
    created_at: DATE_OPS,
    scheduled_at: DATE_OPS,
    updated_at: DATE_OPS,
  })
  const and: Prisma.CampaignWhereInput[] = [{ companyId }]
  let channel: string | null = null
  for (const c of conds) {
    if (c.field === 'messages.channel') {
      const v = stringValues(c.value, c.field)[0]!
      if (!['email', 'sms', 'mobile_push'].includes(v))
        throw invalidParam('filter', `"${v}" is not a channel. Use email, sms or mobile_push.`)
      channel = v
      and.push({ channel: v })
    } else if (c.field === 'archived') {
      if (typeof c.value !== 'boolean') throw invalidParam('filter', 'The value for "archived" must be true or false.')
      and.push({ archived: c.value })
    } else if (c.field === 'id' || c.field === 'status') {
      const values = stringValues(c.value, c.field)
      and.push({ [c.field]: c.op === 'any' ? { in: values } : values[0] })
    } else if (c.field === 'name') {
      and.push({ name: { contains: stringValues(c.value, c.field)[0] } })
    } else {
      and.push({ [COLUMNS[c.field]!.column]: { [PRISMA_DATE[c.op]!]: dateValue(c.value, c.field) } })
    }
  }
  if (!channel) throw invalidParam('filter', CHANNEL_REQUIRED)
  const { column, kind, nullable } = COLUMNS[sort.field]!
  const after = keysetWhere(column, sort.desc, decodeCursor(url.searchParams.get('page[cursor]')), kind, !!nullable)
  if (after) and.push(after as Prisma.CampaignWhereInput)
  const rows = await db.campaign.findMany({
    where: { AND: and },
    orderBy: keysetOrder(column, sort.desc, !!nullable) as Prisma.CampaignOrderByWithRelationInput[],
    take: size + 1,
  })
  const { page, next } = pageOf(rows, size, column, (r) => r[column])
  const tags = await tagsOf(
    companyId,
    page.map((r) => r.id),
  )
  const views = page.map((r) => toCampaignView(r, tags.get(r.id) ?? []))
  const messages = include.includes('campaign-messages')
    ? (
        await db.campaignMessage.findMany({
          where: { companyId, campaignId: { in: views.map((v) => v.id) } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        })
      ).map(toMessageView)
    : []
  const msgFields = sparseFields(url, 'campaign-message', MESSAGE_FIELDS)
  const data = views.map((v) =>
    serializeCampaign(url, v, {
      fields,
      ...(include.includes('campaign-messages')
        ? { messageIds: messages.filter((m) => m.campaignId === v.id).map((m) => m.id) }
        : {}),
      withTags: include.includes('tags'),
    }),
  )
  const included: unknown[] = []
  if (include.includes('campaign-messages')) {
    const byId = new Map(views.map((v) => [v.id, v]))
    for (const m of messages) included.push(serializeMessage(url, m, byId.get(m.campaignId)!, { fields: msgFields }))
  }
  if (include.includes('tags')) {
    const seen = new Set<string>()
    for (const v of views)
      for (const t of v.tags)
        if (!seen.has(t.id)) {
          seen.add(t.id)
          included.push(serializeTagRef(url, t))
        }
  }
  return {
    data,
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
    ...(include.length ? { included } : {}),
  }
}
