// The coupon screens' /ajax data (/coupons, /coupon/{id}, /uploaded-coupon/{id}/import/file):
// coupons with their code counts and low-balance state, one coupon with a page of its codes
// (by status), create and edit with field errors. Everything is scoped to the signed-in company.
import { db } from '@/lib/db/client'
import {
  CouponError,
  couponCounts,
  createCoupon,
  deleteCoupon,
  findCouponById,
  monitorConfigOf,
  updateCoupon,
  type CouponRow,
} from './store'

export const CODE_PAGE = 50

function view(c: CouponRow, counts?: { unassigned: number; assigned: number; used: number; total: number }) {
  const threshold = monitorConfigOf(c).low_balance_threshold
  const n = counts ?? { unassigned: 0, assigned: 0, used: 0, total: 0 }
  return {
    id: c.id,
    externalId: c.externalId,
    description: c.description,
    integrationKey: c.integrationKey,
    lowBalanceThreshold: typeof threshold === 'number' ? threshold : null,
    lowBalance: typeof threshold === 'number' && n.total > 0 && n.unassigned <= threshold,
    counts: n,
    created: c.createdAt.toISOString(),
    updated: c.updatedAt.toISOString(),
  }
}
export type CouponView = ReturnType<typeof view>

export async function listCouponsAjax(companyId: number, search?: string) {
  const rows = await db.coupon.findMany({
    where: { companyId, ...(search ? { externalId: { contains: search } } : {}) },
    orderBy: { createdAt: 'desc' },
    take: 500,
  })
  const counts = await couponCounts(
    companyId,
    rows.map((r) => r.id),
  )
  return { coupons: rows.map((r) => view(r, counts.get(r.id))) }
}

const thresholdOf = (v: unknown): number | null | undefined => {
  if (v === undefined) return undefined
  if (v === null || v === '') return null
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000)
    throw new CouponError(
      400,
      'invalid',
      'Enter a whole number from 0 to 1,000,000, or leave it empty.',
      'lowBalanceThreshold',
    )
  return n
}

export async function createCouponAjax(companyId: number, body: Record<string, unknown>) {
  const t = thresholdOf(body.lowBalanceThreshold)
  const c = await createCoupon(companyId, {
    externalId: String(body.externalId ?? '').trim(),
    description: String(body.description ?? '').slice(0, 1000),
    integrationKey: typeof body.integrationKey === 'string' && body.integrationKey ? body.integrationKey : '$custom',
    monitorConfiguration: t == null ? {} : { low_balance_threshold: t },
  }).catch((e: unknown) => {
    // The screens name the field externalId; the store names it as the API does.
    if (e instanceof CouponError && e.field === 'external_id')
      throw new CouponError(e.status, e.code, e.message, 'externalId')
    throw e
  })
  return { coupon: view(c) }
}

export async function getCouponAjax(companyId: number, id: string, q: { status?: string; after?: string }) {
  const c = await findCouponById(companyId, id)
  if (!c) throw new CouponError(404, 'not_found', 'This coupon was not found.')
  const counts = (await couponCounts(companyId, [c.id])).get(c.id)
  const codes = await db.couponCode.findMany({
    where: {
      companyId,
      couponId: c.id,
      ...(q.status ? { status: q.status } : {}),
      ...(q.after ? { id: { gt: q.after } } : {}),
    },
    orderBy: { id: 'asc' },
    take: CODE_PAGE + 1,
  })
  const page = codes.slice(0, CODE_PAGE)
  const profiles = await db.profile.findMany({
    where: { companyId, id: { in: page.map((x) => x.profileId).filter((p): p is string => !!p) } },
    select: { id: true, email: true },
  })
  const email = new Map(profiles.map((p) => [p.id, p.email]))
  return {
    coupon: view(c, counts),
    codes: page.map((x) => ({
      id: x.id,
      code: x.code,
      status: x.status,
      expiresAt: x.expiresAt?.toISOString() ?? null,
      profileId: x.profileId,
      profileEmail: x.profileId ? (email.get(x.profileId) ?? null) : null,
      assignedAt: x.assignedAt?.toISOString() ?? null,
    })),
    nextCursor: codes.length > CODE_PAGE ? page.at(-1)!.id : null,
  }
}

export async function updateCouponAjax(companyId: number, id: string, body: Record<string, unknown>) {
  const c = await findCouponById(companyId, id)
  if (!c) throw new CouponError(404, 'not_found', 'This coupon was not found.')
  const t = thresholdOf(body.lowBalanceThreshold)
  await updateCoupon(companyId, c.externalId, {
    ...(body.description !== undefined ? { description: String(body.description).slice(0, 1000) } : {}),
    ...(t !== undefined
      ? { monitorConfiguration: t === null ? {} : { ...monitorConfigOf(c), low_balance_threshold: t } }
      : {}),
  })
  const fresh = (await findCouponById(companyId, id))!
  return { coupon: view(fresh, (await couponCounts(companyId, [id])).get(id)) }
}

export async function deleteCouponAjax(companyId: number, id: string) {
  const c = await findCouponById(companyId, id)
  if (!c) throw new CouponError(404, 'not_found', 'This coupon was not found.')
  await deleteCoupon(companyId, c.externalId)
  return { deleted: true }
}
