// Templates, universal content and images as the vendor's JSON:API resources, and their list
// endpoints' filters, sorts and cursors (GET /api/templates: 10 per page; universal content and
// images: 20 by default, 100 at most), for app/api/templates*, template-* and images*.
import type { Image, Template, UniversalContent } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { decodeCursor, nextLink } from '@/lib/api/cursor'
import { keysetOrder, keysetWhere, pageOf } from '@/lib/api/keyset'
import { invalidParam, invalidPointer } from '@/lib/api/api-error'
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import {
  dateValue,
  enumList,
  filterParam,
  pageSize,
  sortParam,
  sparseFields,
  stringValues,
} from '@/lib/api/query-params'
import type { FilterCondition } from '@/lib/api/filter-parser'
import { definitionOf } from './template-view'
import {
  fromVendorDefinition,
  isVendorDefinition,
  toVendorDefinition,
  VendorDefinitionError,
} from '@/lib/templates/vendor-definition'
import { blockDefinition } from '@/lib/templates/block-definition'
import { formatOf, imageUrl } from './image-store'
import { containsText } from '@/lib/db/dialect'

export const TEMPLATE_FIELDS = [
  'name',
  'editor_type',
  'html',
  'text',
  'amp',
  'created',
  'updated',
  'definition',
] as const
export const UNIVERSAL_FIELDS = [
  'name',
  'definition',
  'created',
  'updated',
  'screenshot_status',
  'screenshot_url',
] as const
export const IMAGE_FIELDS = ['name', 'image_url', 'format', 'size', 'hidden', 'updated_at'] as const

const DATE_OPS: Record<string, string> = {
  equals: 'equals',
  'greater-or-equal': 'gte',
  'greater-than': 'gt',
  'less-or-equal': 'lte',
  'less-than': 'lt',
}

export interface TemplateOut {
  html?: string
  text?: string | null
  amp?: string | null
}

export function serializeTemplate(
  url: URL,
  t: Template,
  opts: { fields?: Set<string> | null; definition?: boolean; override?: TemplateOut } = {},
) {
  const attributes: Record<string, unknown> = {
    name: t.name,
    editor_type: t.editorType,
    html: opts.override?.html ?? t.html,
    text: opts.override && 'text' in opts.override ? opts.override.text : t.text,
    amp: opts.override && 'amp' in opts.override ? opts.override.amp : t.amp,
    created: apiDate(t.createdAt),
    updated: apiDate(t.updatedAt),
  }
  if (opts.definition) attributes.definition = apiDefinitionOf(t)
  return {
    type: 'template' as const,
    id: t.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    links: { self: apiLink(url, `/templates/${t.id}/`) },
  }
}

/** A SYSTEM_DRAGGABLE template's definition on /api: the vendor's document it was made from, else ours in the vendor's shape. */
export function apiDefinitionOf(t: Template): unknown {
  const stored = definitionOf(t) as Record<string, unknown> | null
  if (!stored || t.editorType !== 'SYSTEM_DRAGGABLE') return stored
  if (stored.vendorSource && typeof stored.vendorSource === 'object')
    return { ...(stored.vendorSource as object), template_id: t.id }
  const parsed = blockDefinition.safeParse(stored)
  return parsed.success ? toVendorDefinition(parsed.data, t.id) : stored
}

/**
 * A definition sent to /api: the vendor's TemplateDefinition is converted to ours and kept beside
 * it; our own shape is still accepted as it is. A malformed vendor document is a 400 whose
 * pointer names the offending field.
 */
export function apiDefinitionInput(definition: unknown): { definition: unknown; vendorDefinition?: unknown } {
  if (!isVendorDefinition(definition)) return { definition }
  try {
    return { definition: fromVendorDefinition(definition).definition, vendorDefinition: definition }
  } catch (e) {
    if (e instanceof VendorDefinitionError) throw invalidPointer(`/data/attributes/definition${e.pointer}`, e.message)
    throw e
  }
}

export function serializeUniversalContent(url: URL, u: UniversalContent, fields: Set<string> | null = null) {
  const attributes: Record<string, unknown> = {
    name: u.name,
    definition: JSON.parse(u.definition),
    created: apiDate(u.createdAt),
    updated: apiDate(u.updatedAt),
    screenshot_status: 'never_generated',
    screenshot_url: '',
  }
  return {
    type: 'template-universal-content' as const,
    id: u.id,
    attributes: pickFields(attributes, fields),
    links: { self: apiLink(url, `/template-universal-content/${u.id}/`) },
  }
}

export function serializeImage(url: URL, img: Image, fields: Set<string> | null = null) {
  const attributes: Record<string, unknown> = {
    name: img.name,
    image_url: imageUrl(img),
    format: formatOf(img),
    size: img.size,
    hidden: img.hidden,
    updated_at: apiDate(img.updatedAt),
  }
  return {
    type: 'image' as const,
    id: img.id,
    attributes: pickFields(attributes, fields),
    links: { self: apiLink(url, `/images/${img.id}/`) },
  }
}

type Where = Record<string, unknown>

function conditionWhere(c: FilterCondition, column: string, kind: 'text' | 'date' | 'number'): Where {
  if (kind === 'date') {
    const d = dateValue(c.value, c.field)
    return c.op === 'equals' ? { [column]: d } : { [column]: { [DATE_OPS[c.op]!]: d } }
  }
  if (kind === 'number') {
    const n = c.value
    if (typeof n !== 'number' || !Number.isFinite(n))
      throw invalidParam('filter', `The value for "${c.field}" must be a number.`)
    return { [column]: { [DATE_OPS[c.op]!]: n } }
  }
  const values = stringValues(c.value, c.field)
  switch (c.op) {
    case 'any':
      return { [column]: { in: values } }
    case 'contains':
      return { [column]: containsText(values[0]!) }
    case 'starts-with':
      return { [column]: { startsWith: values[0]! } }
    case 'ends-with':
      return { [column]: { endsWith: values[0]! } }
    default:
      return { [column]: values[0]! }
  }
}

interface ListSpec {
  filters: Record<string, readonly string[]>
  columns: Record<string, { column: string; kind: 'text' | 'date' | 'number' }>
  sorts: readonly string[]
  page: { def: number; max: number }
}

/** The where, order, size and cursor of a list request, with the company scope first. */
function listQuery(companyId: number, url: URL, spec: ListSpec, extra: Where[] = []) {
  const size = pageSize(url, spec.page)
  const sort = sortParam(url, spec.sorts as readonly string[], 'id')
  const and: Where[] = [{ companyId }, ...extra]
  for (const c of filterParam(url, spec.filters)) {
    const col = spec.columns[c.field]
    if (!col) continue
    if (c.field === 'format') {
      const mimes = stringValues(c.value, c.field).map((f) => `image/${f === 'jpg' ? 'jpeg' : f}`)
      and.push({ mime: { in: mimes } })
      continue
    }
    and.push(conditionWhere(c, col.column, col.kind))
  }
  const sc = spec.columns[sort.field] ?? { column: 'id', kind: 'text' as const }
  const after = keysetWhere(sc.column, sort.desc, decodeCursor(url.searchParams.get('page[cursor]')), sc.kind)
  if (after) and.push(after)
  return { where: { AND: and }, orderBy: keysetOrder(sc.column, sort.desc), size, column: sc.column }
}

function links(url: URL, next: string | null) {
  return { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null }
}

const TEMPLATE_SPEC: ListSpec = {
  filters: {
    id: ['any', 'equals'],
    name: ['any', 'contains', 'equals'],
    created: ['equals', 'greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
    updated: ['equals', 'greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
  },
  columns: {
    id: { column: 'id', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    created: { column: 'createdAt', kind: 'date' },
    updated: { column: 'updatedAt', kind: 'date' },
  },
  sorts: ['created', '-created', 'id', '-id', 'name', '-name', 'updated', '-updated'],
  page: { def: 10, max: 10 },
}

export async function listTemplatesPage(companyId: number, url: URL) {
  const fields = sparseFields(url, 'template', TEMPLATE_FIELDS)
  const definition = enumList(url, 'additional-fields[template]', ['definition'] as const).includes('definition')
  const q = listQuery(companyId, url, TEMPLATE_SPEC, [{ archived: false }])
  const rows = await db.template.findMany({ where: q.where, orderBy: q.orderBy, take: q.size + 1 })
  const { page, next } = pageOf(rows, q.size, q.column, (r) => (r as unknown as Record<string, unknown>)[q.column])
  return { data: page.map((t) => serializeTemplate(url, t, { fields, definition })), links: links(url, next) }
}

const UNIVERSAL_SPEC: ListSpec = {
  filters: {
    id: ['any', 'equals'],
    name: ['any', 'equals'],
    created: ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
    updated: ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
    'definition.content_type': ['equals'],
    'definition.type': ['equals'],
  },
  columns: {
    id: { column: 'id', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    created: { column: 'createdAt', kind: 'date' },
    updated: { column: 'updatedAt', kind: 'date' },
    'definition.content_type': { column: 'contentType', kind: 'text' },
    'definition.type': { column: 'blockType', kind: 'text' },
  },
  sorts: ['created', '-created', 'id', '-id', 'name', '-name', 'updated', '-updated'],
  page: { def: 20, max: 100 },
}

export async function listUniversalContentPage(companyId: number, url: URL) {
  const fields = sparseFields(url, 'template-universal-content', UNIVERSAL_FIELDS)
  const q = listQuery(companyId, url, UNIVERSAL_SPEC)
  const rows = await db.universalContent.findMany({ where: q.where, orderBy: q.orderBy, take: q.size + 1 })
  const { page, next } = pageOf(rows, q.size, q.column, (r) => (r as unknown as Record<string, unknown>)[q.column])
  return { data: page.map((u) => serializeUniversalContent(url, u, fields)), links: links(url, next) }
}

const IMAGE_SPEC: ListSpec = {
  filters: {
    id: ['any', 'equals'],
    updated_at: ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
    format: ['any', 'equals'],
    name: ['any', 'contains', 'ends-with', 'equals', 'starts-with'],
    size: ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
    hidden: ['any', 'equals'],
  },
  columns: {
    id: { column: 'id', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    updated_at: { column: 'updatedAt', kind: 'date' },
    size: { column: 'size', kind: 'number' },
    format: { column: 'mime', kind: 'text' },
    hidden: { column: 'hidden', kind: 'text' },
  },
  sorts: ['format', '-format', 'id', '-id', 'name', '-name', 'size', '-size', 'updated_at', '-updated_at'],
  page: { def: 20, max: 100 },
}

export async function listImagesPage(companyId: number, url: URL) {
  const fields = sparseFields(url, 'image', IMAGE_FIELDS)
  // hidden is a boolean: handled apart from the text filters
  const hiddenFilter = filterParam(url, IMAGE_SPEC.filters).filter((c) => c.field === 'hidden')
  const extra: Where[] = hiddenFilter.map((c) => {
    const vals = Array.isArray(c.value) ? c.value : [c.value]
    if (vals.some((v) => typeof v !== 'boolean'))
      throw invalidParam('filter', 'The value for "hidden" must be true or false.')
    return { OR: (vals as boolean[]).map((v) => ({ hidden: v })) }
  })
  const spec = { ...IMAGE_SPEC, columns: { ...IMAGE_SPEC.columns } }
  delete (spec.columns as Record<string, unknown>).hidden
  const q = listQuery(companyId, url, spec, extra)
  const rows = await db.image.findMany({ where: q.where, orderBy: q.orderBy, take: q.size + 1 })
  const { page, next } = pageOf(rows, q.size, q.column, (r) => (r as unknown as Record<string, unknown>)[q.column])
  return { data: page.map((img) => serializeImage(url, img, fields)), links: links(url, next) }
}
