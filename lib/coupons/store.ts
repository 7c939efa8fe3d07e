// Coupons and their codes (issue 11): every read and write of Coupon / CouponCode goes through
// here, scoped by companyId. On the wire a coupon's id is its externalId and a code's id is
// `{coupon external id}-{unique code}`; internally both are ULIDs.
//
// Assignment (the template tag {% coupon_code %}) is exactly once per assignKey (the Send id):
// CouponCode.assignKey is unique per company, the claim is a guarded UPDATE of one UNASSIGNED row,
// so a retry or re-render of the same Send reads back the code it already holds and two workers
// never get the same code.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { sendLowBalanceAlert } from './low-balance-alert'

export const COUPON_CODE_STATUSES = [
  'ASSIGNED_TO_PROFILE',
  'DELETING',
  'PROCESSING',
  'UNASSIGNED',
  'USED',
  'VERSION_NOT_ACTIVE',
] as const
export type CouponCodeStatus = (typeof COUPON_CODE_STATUSES)[number]

export const MAX_CODE_LENGTH = 255
const YEAR_MS = 365 * 24 * 3600 * 1000

/** A refused coupon operation; an AppError, so /api answers JSON:API errors and /ajax field errors. */
export class CouponError extends AppError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly field?: string,
  ) {
    super(code, status, message, field ? { [field]: [message] } : undefined)
    this.name = 'CouponError'
  }
}

export interface CouponRow {
  id: string
  companyId: number
  externalId: string
  description: string
  monitorConfiguration: string
  integrationKey: string
  lowBalanceAlertedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export interface CouponCodeRow {
  id: string
  companyId: number
  couponId: string
  code: string
  status: string
  expiresAt: Date | null
  profileId: string | null
  assignKey: string | null
  assignedAt: Date | null
  usedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export type MonitorConfiguration = { low_balance_threshold?: number } & Record<string, unknown>

export function monitorConfigOf(c: Pick<CouponRow, 'monitorConfiguration'>): MonitorConfiguration {
  try {
    const v = JSON.parse(c.monitorConfiguration) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as MonitorConfiguration) : {}
  } catch {
    return {}
  }
}

const isUnique = (e: unknown) => (e as { code?: string })?.code === 'P2002'

/** A coupon external id: letters, digits, _ and - … as the vendor allows (no spaces), ≤ 255. */
export function validateExternalId(v: string): string | null {
  if (!v.trim()) return 'A coupon id is required.'
  if (v.length > 255) return 'A coupon id may be at most 255 characters.'
  if (!/^[A-Za-z0-9_\-.$]+$/.test(v)) return 'A coupon id may contain only letters, digits, ".", "_", "-" and "$".'
  return null
}

/** A unique code: printable, no whitespace, ≤ 255 characters. */
export function validateCode(v: string): string | null {
  if (!v) return 'The code is empty.'
  if (v.length > MAX_CODE_LENGTH) return `A code may be at most ${MAX_CODE_LENGTH} characters.`
  if (/[\s\u0000-\u001f\u007f]/.test(v)) return 'A code may not contain spaces or control characters.'
  return null
}

// ----------------------------------------------------------------------------------------------- coupons

export async function createCoupon(
  companyId: number,
  input: {
    externalId: string
    description?: string
    monitorConfiguration?: MonitorConfiguration | null
    integrationKey?: string
  },
): Promise<CouponRow> {
  const bad = validateExternalId(input.externalId)
  if (bad) throw new CouponError(400, 'invalid', bad, 'external_id')
  checkMonitor(input.monitorConfiguration)
  try {
    return await db.coupon.create({
      data: {
        id: ulid(),
        companyId,
        externalId: input.externalId,
        description: input.description ?? '',
        monitorConfiguration: JSON.stringify(input.monitorConfiguration ?? {}),
        integrationKey: input.integrationKey ?? '$custom',
      },
    })
  } catch (e) {
    if (isUnique(e))
      throw new CouponError(409, 'duplicate', `A coupon with id ${input.externalId} already exists.`, 'external_id')
    throw e
  }
}

function checkMonitor(m: MonitorConfiguration | null | undefined) {
  if (m == null) return
  const t = m.low_balance_threshold
  if (t !== undefined && t !== null && (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > 1_000_000)) {
    throw new CouponError(
      400,
      'invalid',
      'low_balance_threshold must be a whole number from 0 to 1,000,000.',
      'monitor_configuration',
    )
  }
}

export const findCoupon = (companyId: number, externalId: string): Promise<CouponRow | null> =>
  db.coupon.findUnique({ where: { companyId_externalId: { companyId, externalId } } })

export const findCouponById = (companyId: number, id: string): Promise<CouponRow | null> =>
  db.coupon.findFirst({ where: { companyId, id } })

export async function getCouponOrThrow(companyId: number, externalId: string): Promise<CouponRow> {
  const c = await findCoupon(companyId, externalId)
  if (!c) throw new CouponError(404, 'not_found', `A coupon with id ${externalId} was not found.`)
  return c
}

/** Coupons ordered by id (creation), `limit` after the internal id `after`. */
export function listCoupons(
  companyId: number,
  opts: { after?: string | null; limit: number; search?: string },
): Promise<CouponRow[]> {
  return db.coupon.findMany({
    where: {
      companyId,
      ...(opts.after ? { id: { gt: opts.after } } : {}),
      ...(opts.search ? { externalId: { contains: opts.search } } : {}),
    },
    orderBy: { id: 'asc' },
    take: opts.limit,
  })
}

export async function updateCoupon(
  companyId: number,
  externalId: string,
  patch: { description?: string; monitorConfiguration?: MonitorConfiguration | null },
): Promise<CouponRow> {
  const c = await getCouponOrThrow(companyId, externalId)
  checkMonitor(patch.monitorConfiguration)
  const data: Record<string, unknown> = {}
  if (patch.description !== undefined) data.description = patch.description
  if (patch.monitorConfiguration !== undefined) {
    data.monitorConfiguration = JSON.stringify(patch.monitorConfiguration ?? {})
    data.lowBalanceAlertedAt = null // a new threshold is a new crossing to watch
  }
  await db.coupon.updateMany({ where: { companyId, id: c.id }, data })
  return (await findCouponById(companyId, c.id))!
}

export async function deleteCoupon(companyId: number, externalId: string): Promise<void> {
  const c = await getCouponOrThrow(companyId, externalId)
  await db.$transaction([
    db.couponCode.deleteMany({ where: { companyId, couponId: c.id } }),
    db.coupon.deleteMany({ where: { companyId, id: c.id } }),
  ])
}

export interface CouponCounts {
  unassigned: number
  assigned: number
  used: number
  total: number
}

export async function couponCounts(companyId: number, couponIds: string[]): Promise<Map<string, CouponCounts>> {
  const out = new Map<string, CouponCounts>(
    couponIds.map((id) => [id, { unassigned: 0, assigned: 0, used: 0, total: 0 }]),
  )
  if (!couponIds.length) return out
  const groups = await db.couponCode.groupBy({
    by: ['couponId', 'status'],
    where: { companyId, couponId: { in: couponIds } },
    _count: { _all: true },
  })
  for (const g of groups) {
    const c = out.get(g.couponId)!
    const n = g._count._all
    c.total += n
    if (g.status === 'UNASSIGNED') c.unassigned += n
    else if (g.status === 'ASSIGNED_TO_PROFILE') c.assigned += n
    else if (g.status === 'USED') c.used += n
  }
  return out
}

// ----------------------------------------------------------------------------------------------- codes

export const codeApiId = (couponExternalId: string, code: string) => `${couponExternalId}-${code}`

/** Finds a code by its wire id `{coupon id}-{code}` (either part may hold '-'). */
export async function findCodeByApiId(
  companyId: number,
  apiId: string,
): Promise<{ code: CouponCodeRow; coupon: CouponRow } | null> {
  const candidates: Array<{ coupon: string; code: string }> = []
  for (let i = apiId.indexOf('-'); i > 0 && candidates.length < 50; i = apiId.indexOf('-', i + 1)) {
    if (i < apiId.length - 1) candidates.push({ coupon: apiId.slice(0, i), code: apiId.slice(i + 1) })
  }
  if (!candidates.length) return null
  const coupons = await db.coupon.findMany({
    where: { companyId, externalId: { in: candidates.map((c) => c.coupon) } },
  })
  for (const cand of candidates) {
    const coupon = coupons.find((c) => c.externalId === cand.coupon)
    if (!coupon) continue
    const code = await db.couponCode.findUnique({
      where: { companyId_couponId_code: { companyId, couponId: coupon.id, code: cand.code } },
    })
    if (code) return { code, coupon }
  }
  return null
}

export async function createCode(
  companyId: number,
  couponExternalId: string,
  input: { code: string; expiresAt?: Date | null },
  now = new Date(),
) {
  const coupon = await getCouponOrThrow(companyId, couponExternalId)
  const bad = validateCode(input.code)
  if (bad) throw new CouponError(400, 'invalid', bad, 'unique_code')
  try {
    const row = await db.couponCode.create({
      data: {
        id: ulid(),
        companyId,
        couponId: coupon.id,
        code: input.code,
        expiresAt: input.expiresAt ?? new Date(now.getTime() + YEAR_MS),
      },
    })
    await rearmLowBalance(companyId, coupon)
    return { code: row, coupon }
  } catch (e) {
    if (isUnique(e))
      throw new CouponError(
        409,
        'duplicate',
        `The code ${input.code} already exists for coupon ${couponExternalId}.`,
        'unique_code',
      )
    throw e
  }
}

/**
 * Adds many codes to one coupon, all or nothing: every code is checked first (format, repeated
 * within the input, already present) and nothing is written when any entry is bad.
 * Returns per-entry errors (index into `codes`) or the created rows.
 */
export async function addCodesAllOrNothing(
  companyId: number,
  coupon: CouponRow,
  codes: Array<{ code: string; expiresAt?: Date | null }>,
  now = new Date(),
): Promise<{ ok: true; created: number } | { ok: false; errors: Array<{ index: number; message: string }> }> {
  const errors: Array<{ index: number; message: string }> = []
  const seen = new Map<string, number>()
  codes.forEach((c, i) => {
    const bad = validateCode(c.code)
    if (bad) errors.push({ index: i, message: bad })
    else if (seen.has(c.code))
      errors.push({ index: i, message: `The code ${c.code} is repeated (first at entry ${seen.get(c.code)! + 1}).` })
    else seen.set(c.code, i)
  })
  const unique = [...seen.keys()]
  for (let i = 0; i < unique.length; i += 500) {
    const existing = await db.couponCode.findMany({
      where: { companyId, couponId: coupon.id, code: { in: unique.slice(i, i + 500) } },
      select: { code: true },
    })
    for (const e of existing)
      errors.push({ index: seen.get(e.code)!, message: `The code ${e.code} already exists for this coupon.` })
  }
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.index - b.index) }
  const defaultExpiry = new Date(now.getTime() + YEAR_MS)
  try {
    await db.$transaction(async (tx) => {
      for (let i = 0; i < codes.length; i += 500) {
        await tx.couponCode.createMany({
          data: codes.slice(i, i + 500).map((c) => ({
            id: ulid(),
            companyId,
            couponId: coupon.id,
            code: c.code,
            expiresAt: c.expiresAt ?? defaultExpiry,
          })),
        })
      }
    })
  } catch (e) {
    if (isUnique(e))
      return {
        ok: false,
        errors: [
          { index: 0, message: 'Some codes were added by someone else meanwhile; nothing was imported. Try again.' },
        ],
      }
    throw e
  }
  await rearmLowBalance(companyId, coupon)
  return { ok: true, created: codes.length }
}

export interface CodeFilter {
  couponIds?: string[]
  profileId?: string
  status?: string
  expiresAt?: Array<{ op: 'gt' | 'gte' | 'lt' | 'lte'; value: Date }>
}

export function listCodes(
  companyId: number,
  f: CodeFilter,
  opts: { after?: string | null; limit: number },
): Promise<CouponCodeRow[]> {
  const expires: Record<string, Date> = {}
  for (const c of f.expiresAt ?? []) expires[c.op] = c.value
  return db.couponCode.findMany({
    where: {
      companyId,
      ...(f.couponIds ? { couponId: { in: f.couponIds } } : {}),
      ...(f.profileId ? { profileId: f.profileId } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.expiresAt?.length ? { expiresAt: expires } : {}),
      ...(opts.after ? { id: { gt: opts.after } } : {}),
    },
    orderBy: { id: 'asc' },
    take: opts.limit,
  })
}

export async function updateCode(
  companyId: number,
  apiId: string,
  patch: { status?: CouponCodeStatus; expiresAt?: Date | null },
  now = new Date(),
) {
  const found = await findCodeByApiId(companyId, apiId)
  if (!found) throw new CouponError(404, 'not_found', `A coupon code with id ${apiId} was not found.`)
  const data: Record<string, unknown> = {}
  if (patch.expiresAt !== undefined) data.expiresAt = patch.expiresAt
  if (patch.status !== undefined) {
    data.status = patch.status
    if (patch.status === 'USED') data.usedAt = now
    if (patch.status === 'UNASSIGNED')
      Object.assign(data, { profileId: null, assignKey: null, assignedAt: null, usedAt: null })
  }
  await db.couponCode.updateMany({ where: { companyId, id: found.code.id }, data })
  if (patch.status === 'UNASSIGNED') await rearmLowBalance(companyId, found.coupon)
  return { code: (await db.couponCode.findFirst({ where: { companyId, id: found.code.id } }))!, coupon: found.coupon }
}

export async function deleteCode(companyId: number, apiId: string): Promise<void> {
  const found = await findCodeByApiId(companyId, apiId)
  if (!found) throw new CouponError(404, 'not_found', `A coupon code with id ${apiId} was not found.`)
  if (found.code.status === 'ASSIGNED_TO_PROFILE' || found.code.profileId) {
    throw new CouponError(400, 'invalid', `The coupon code ${apiId} is assigned to a profile and cannot be deleted.`)
  }
  // guarded: a code assigned meanwhile stays
  const n = await db.couponCode.deleteMany({
    where: { companyId, id: found.code.id, profileId: null, status: { not: 'ASSIGNED_TO_PROFILE' } },
  })
  if (!n.count)
    throw new CouponError(400, 'invalid', `The coupon code ${apiId} is assigned to a profile and cannot be deleted.`)
}

// ----------------------------------------------------------------------------------------------- assignment

export type AssignResult =
  { kind: 'assigned'; code: string; reused: boolean } | { kind: 'exhausted' } | { kind: 'no_coupon' }

const hashOf = (s: string) => {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

/**
 * Assigns one UNASSIGNED, unexpired code of the coupon to `profileId` under `assignKey` (the Send
 * id). The same key always gets the same code back; two callers never share a code.
 */
export async function assignCouponCode(
  companyId: number,
  couponExternalId: string,
  o: { assignKey: string; profileId: string | null; now: Date },
): Promise<AssignResult> {
  const coupon = await findCoupon(companyId, couponExternalId)
  if (!coupon) return { kind: 'no_coupon' }
  // The key is per coupon: one Send may print codes of two coupons.
  const key = `${o.assignKey}:${coupon.id}`
  const held = await db.couponCode.findUnique({ where: { companyId_assignKey: { companyId, assignKey: key } } })
  if (held) return { kind: 'assigned', code: held.code, reused: true }
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidates = await db.couponCode.findMany({
      where: {
        companyId,
        couponId: coupon.id,
        status: 'UNASSIGNED',
        OR: [{ expiresAt: null }, { expiresAt: { gt: o.now } }],
      },
      orderBy: { id: 'asc' },
      take: 16,
      select: { id: true, code: true },
    })
    if (!candidates.length) {
      // the code this key took in a concurrent attempt is committed by now (it is one of those gone)
      const mine = await db.couponCode.findUnique({ where: { companyId_assignKey: { companyId, assignKey: key } } })
      if (mine) return { kind: 'assigned', code: mine.code, reused: true }
      await maybeAlertLowBalance(companyId, coupon, o.now)
      return { kind: 'exhausted' }
    }
    // concurrent senders start at different candidates (by the key's hash), so they rarely collide
    const start = hashOf(key + ':' + attempt) % candidates.length
    for (let j = 0; j < candidates.length; j++) {
      const c = candidates[(start + j) % candidates.length]!
      try {
        const n = await db.couponCode.updateMany({
          where: { companyId, id: c.id, status: 'UNASSIGNED', assignKey: null },
          data: { status: 'ASSIGNED_TO_PROFILE', assignKey: key, profileId: o.profileId, assignedAt: o.now },
        })
        if (n.count === 1) {
          await maybeAlertLowBalance(companyId, coupon, o.now)
          return { kind: 'assigned', code: c.code, reused: false }
        }
      } catch (e) {
        if (!isUnique(e)) throw e
        // the same key won elsewhere (a concurrent retry of this Send): read its code
        const again = await db.couponCode.findUnique({ where: { companyId_assignKey: { companyId, assignKey: key } } })
        if (again) return { kind: 'assigned', code: again.code, reused: true }
      }
    }
  }
  const last = await db.couponCode.findUnique({ where: { companyId_assignKey: { companyId, assignKey: key } } })
  if (last) return { kind: 'assigned', code: last.code, reused: true }
  return { kind: 'exhausted' }
}

/** The code a key already holds (web view re-render), or null. */
export async function heldCouponCode(
  companyId: number,
  couponExternalId: string,
  assignKey: string,
): Promise<string | null> {
  const coupon = await findCoupon(companyId, couponExternalId)
  if (!coupon) return null
  const held = await db.couponCode.findUnique({
    where: { companyId_assignKey: { companyId, assignKey: `${assignKey}:${coupon.id}` } },
  })
  return held?.code ?? null
}

// ----------------------------------------------------------------------------------------------- low balance

const unassignedCount = (companyId: number, couponId: string) =>
  db.couponCode.count({ where: { companyId, couponId, status: 'UNASSIGNED' } })

/** When the unassigned codes fall to the threshold: one alert per crossing (lowBalanceAlertedAt claims it). */
export async function maybeAlertLowBalance(companyId: number, coupon: CouponRow, now: Date): Promise<boolean> {
  const threshold = monitorConfigOf(coupon).low_balance_threshold
  if (typeof threshold !== 'number') return false
  const left = await unassignedCount(companyId, coupon.id)
  if (left > threshold) return false
  const claimed = await db.coupon.updateMany({
    where: { companyId, id: coupon.id, lowBalanceAlertedAt: null },
    data: { lowBalanceAlertedAt: now },
  })
  if (claimed.count !== 1) return false
  await sendLowBalanceAlert(companyId, coupon, left, threshold).catch((e) =>
    console.error(`[coupons] low-balance alert for ${coupon.externalId} failed:`, e),
  )
  return true
}

/** Codes were added or released: above the threshold again, the next crossing alerts again. */
export async function rearmLowBalance(companyId: number, coupon: CouponRow): Promise<void> {
  const threshold = monitorConfigOf(coupon).low_balance_threshold
  if (typeof threshold !== 'number') return
  if ((await unassignedCount(companyId, coupon.id)) > threshold) {
    await db.coupon.updateMany({
      where: { companyId, id: coupon.id, lowBalanceAlertedAt: { not: null } },
      data: { lowBalanceAlertedAt: null },
    })
  }
}

/** Assignments over time for /coupon/{id}/history: codes assigned or used, newest first. */
export function couponHistory(companyId: number, couponId: string, opts: { limit: number; offset: number }) {
  return db.couponCode.findMany({
    where: { companyId, couponId, assignedAt: { not: null } },
    orderBy: [{ assignedAt: 'desc' }, { id: 'desc' }],
    take: opts.limit,
    skip: opts.offset,
  })
}
