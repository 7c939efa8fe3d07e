// /api serialization and list helpers for coupons, coupon codes and their bulk create jobs.
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import { ApiError, invalidParam } from '@/lib/api/api-error'
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { dateValue, filterParam, pageSize, sparseFields, stringValues } from '@/lib/api/query-params'
import { db } from '@/lib/db/client'
import {
  COUPON_CODE_STATUSES,
  listCodes,
  listCoupons,
  monitorConfigOf,
  type CodeFilter,
  type CouponCodeRow,
  type CouponRow,
} from './store'

export const COUPON_FIELDS = ['external_id', 'description', 'monitor_configuration'] as const
export const CODE_FIELDS = ['unique_code', 'expires_at', 'status'] as const

export function serializeCoupon(url: URL, c: CouponRow, fields: Set<string> | null = null) {
  const id = c.externalId
  return {
    type: 'coupon' as const,
    id,
    attributes: pickFields(
      { external_id: c.externalId, description: c.description, monitor_configuration: monitorConfigOf(c) },
      fields,
    ),
    links: { self: apiLink(url, `/coupons/${encodeURIComponent(id)}/`) },
  }
}

export function serializeCode(
  url: URL,
  code: CouponCodeRow,
  couponExternalId: string,
  fields: Set<string> | null = null,
) {
  const id = `${couponExternalId}-${code.code}`
  const self = apiLink(url, `/coupon-codes/${encodeURIComponent(id)}/`)
  return {
    type: 'coupon-code' as const,
    id,
    attributes: pickFields(
      { unique_code: code.code, expires_at: apiDate(code.expiresAt), status: code.status },
      fields,
    ),
    relationships: {
      coupon: {
        data: { type: 'coupon', id: couponExternalId },
        links: {
          self: apiLink(url, `/coupon-codes/${encodeURIComponent(id)}/relationships/coupon/`),
          related: apiLink(url, `/coupon-codes/${encodeURIComponent(id)}/coupon/`),
        },
      },
      profile: {
        data: code.profileId ? { type: 'profile', id: code.profileId } : null,
        links: {
          self: apiLink(url, `/coupon-codes/${encodeURIComponent(id)}/relationships/profile/`),
          related: apiLink(url, `/coupon-codes/${encodeURIComponent(id)}/profile/`),
        },
      },
    },
    links: { self },
  }
}

/** The cursor of the listings here: the last row's internal id. */
function afterOf(url: URL): string | null {
  const c = decodeCursor(url.searchParams.get('page[cursor]'))
  if (!c) return null
  if (typeof c[1] !== 'string') throw invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
  return c[1]
}

function pageLinks<T extends { id: string }>(url: URL, rows: T[], size: number) {
  const more = rows.length > size
  const page = more ? rows.slice(0, size) : rows
  const next = more ? nextLink(url, encodeCursor([null, page[page.length - 1]!.id])) : null
  return { page, links: { self: url.toString(), next, prev: null } }
}

export async function couponsPage(companyId: number, url: URL) {
  const size = pageSize(url, { def: 100, max: 100 })
  const rows = await listCoupons(companyId, { after: afterOf(url), limit: size + 1 })
  const { page, links } = pageLinks(url, rows, size)
  const fields = sparseFields(url, 'coupon', COUPON_FIELDS)
  return { data: page.map((c) => serializeCoupon(url, c, fields)), links }
}

/** GET /api/coupon-codes and the coupon's own codes: filter (coupon.id or profile.id required), paging, include=coupon. */
export async function codesPage(companyId: number, url: URL, fixedCoupon?: CouponRow) {
  const conds = filterParam(url, {
    expires_at: ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
    status: ['equals'],
    'coupon.id': ['any', 'equals'],
    'profile.id': ['any', 'equals'],
  })
  const f: CodeFilter = {}
  let couponExternal: string[] | undefined
  for (const c of conds) {
    if (c.field === 'coupon.id') couponExternal = stringValues(c.value, 'coupon.id')
    else if (c.field === 'profile.id') {
      const ids = stringValues(c.value, 'profile.id')
      if (ids.length !== 1) throw invalidParam('filter', 'Filter on one profile.id at a time.')
      f.profileId = ids[0]
    } else if (c.field === 'status') {
      const [s] = stringValues(c.value, 'status')
      if (!(COUPON_CODE_STATUSES as readonly string[]).includes(s!))
        throw invalidParam('filter', `"${s}" is not a valid status. Allowed: ${COUPON_CODE_STATUSES.join(', ')}.`)
      f.status = s
    } else if (c.field === 'expires_at') {
      const op = (
        { 'greater-or-equal': 'gte', 'greater-than': 'gt', 'less-or-equal': 'lte', 'less-than': 'lt' } as const
      )[c.op as 'greater-than']
      ;(f.expiresAt ??= []).push({ op, value: dateValue(c.value, 'expires_at') })
    }
  }
  if (fixedCoupon) couponExternal = [fixedCoupon.externalId]
  if (!couponExternal && !f.profileId) {
    throw new ApiError(
      400,
      'invalid',
      'A filter on coupon.id or profile.id is required, e.g. filter=equals(coupon.id,"SUMMER").',
      { parameter: 'filter' },
    )
  }
  const coupons = couponExternal
    ? await db.coupon.findMany({ where: { companyId, externalId: { in: couponExternal } } })
    : []
  if (couponExternal) f.couponIds = coupons.map((c) => c.id)
  const size = pageSize(url, { def: 100, max: 100 })
  const rows =
    f.couponIds && !f.couponIds.length ? [] : await listCodes(companyId, f, { after: afterOf(url), limit: size + 1 })
  const { page, links } = pageLinks(url, rows, size)
  const byId = new Map(coupons.map((c) => [c.id, c]))
  const missing = [...new Set(page.map((r) => r.couponId).filter((id) => !byId.has(id)))]
  if (missing.length)
    for (const c of await db.coupon.findMany({ where: { companyId, id: { in: missing } } })) byId.set(c.id, c)
  const fields = sparseFields(url, 'coupon-code', CODE_FIELDS)
  const include = (url.searchParams.get('include') ?? '').split(',').filter(Boolean)
  for (const i of include)
    if (i !== 'coupon') throw invalidParam('include', `"${i}" is not a valid include. Allowed: coupon.`)
  const data = page.map((r) => serializeCode(url, r, byId.get(r.couponId)?.externalId ?? '', fields))
  const included = include.includes('coupon')
    ? [...new Set(page.map((r) => r.couponId))].map((id) =>
        serializeCoupon(url, byId.get(id)!, sparseFields(url, 'coupon', COUPON_FIELDS)),
      )
    : undefined
  return { data, links, ...(included ? { included } : {}) }
}

/** attributes.expires_at: an ISO date-time, or absent (a year from now). */
export function parseExpiresAt(v: string | null | undefined, pointer: string): Date | null | undefined {
  if (v === undefined) return undefined
  if (v === null) return null
  const d = new Date(v)
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(d.getTime()))
    throw new ApiError(400, 'invalid', 'expires_at must be an ISO 8601 date-time, e.g. 2027-01-01T00:00:00Z.', {
      pointer,
    })
  return d
}
