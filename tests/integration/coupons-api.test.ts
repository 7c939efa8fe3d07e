/** @jest-environment node */
// The public /api coupons family against the real route handlers and a real database: coupons
// (id = external_id, 201, PATCH description/monitor_configuration, DELETE 204), coupon codes
// (POST 200, id `{coupon}-{code}`, the required coupon.id / profile.id filter, status and
// expires_at filters, PATCH status/expires_at only, DELETE refused for an assigned code), the
// bulk create job with mixed entries, the official SDK over HTTP, and cross-company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)

import { ApiKeySession, CouponsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { assignCouponCode } from '@/lib/coupons/store'
import { MAX_QUEUED_JOBS } from '@/lib/coupons/bulk-jobs'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { couponApi, startCouponServer, type RouteServer } from './coupons-api-routes'

let companyId: number
let key: string
let otherKey: string

const couponBody = (external_id: string, extra: Record<string, unknown> = {}) => ({
  data: { type: 'coupon', attributes: { external_id, ...extra } },
})
const codeBody = (coupon: string, unique_code: string, expires_at?: string) => ({
  data: {
    type: 'coupon-code',
    attributes: { unique_code, ...(expires_at ? { expires_at } : {}) },
    relationships: { coupon: { data: { type: 'coupon', id: coupon } } },
  },
})
const entry = (coupon: string, unique_code: string) => ({
  type: 'coupon-code',
  attributes: { unique_code },
  relationships: { coupon: { data: { type: 'coupon', id: coupon } } },
})
const filter = (f: string) => `filter=${encodeURIComponent(f)}`

beforeAll(async () => {
  companyId = (await makeCompany('Coupons A')).id
  const other = (await makeCompany('Coupons B')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(other)
})

test('coupons: create 201 with id = external_id, get, list with paging, patch 200, duplicate 409, delete 204', async () => {
  const created = await couponApi(
    'POST',
    '/api/coupons',
    key,
    couponBody('SUMMER15', { description: 'Summer', monitor_configuration: { low_balance_threshold: 2 } }),
  )
  expect(created.status).toBe(201)
  expect(created.json.data).toMatchObject({
    type: 'coupon',
    id: 'SUMMER15',
    attributes: { external_id: 'SUMMER15', description: 'Summer', monitor_configuration: { low_balance_threshold: 2 } },
  })
  expect((await couponApi('POST', '/api/coupons', key, couponBody('SUMMER15'))).status).toBe(409)
  const bad = await couponApi('POST', '/api/coupons', key, couponBody('has space'))
  expect(bad.status).toBe(400)
  expect(bad.json.errors[0].source.pointer).toBe('/data/attributes/external_id')
  const badThreshold = await couponApi(
    'POST',
    '/api/coupons',
    key,
    couponBody('X1', { monitor_configuration: { low_balance_threshold: -1 } }),
  )
  expect(badThreshold.status).toBe(400)
  await couponApi('POST', '/api/coupons', key, couponBody('WINTER'))

  const one = await couponApi('GET', '/api/coupons/SUMMER15?fields[coupon]=description', key)
  expect(one.json.data.attributes).toEqual({ description: 'Summer' })
  const page1 = await couponApi('GET', '/api/coupons?page[size]=1', key)
  expect(page1.json.data.map((c: { id: string }) => c.id)).toEqual(['SUMMER15'])
  const next = new URL(page1.json.links.next)
  const page2 = await couponApi('GET', next.pathname + next.search, key)
  expect(page2.json.data.map((c: { id: string }) => c.id)).toEqual(['WINTER'])
  expect(page2.json.links.next).toBeNull()

  const patched = await couponApi('PATCH', '/api/coupons/WINTER', key, {
    data: { type: 'coupon', id: 'WINTER', attributes: { description: 'Cold' } },
  })
  expect(patched.status).toBe(200)
  expect(patched.json.data.attributes.description).toBe('Cold')
  const notAllowed = await couponApi('PATCH', '/api/coupons/WINTER', key, {
    data: { type: 'coupon', id: 'WINTER', attributes: { external_id: 'OTHER' } },
  })
  expect(notAllowed.status).toBe(400)
  expect((await couponApi('DELETE', '/api/coupons/WINTER', key)).status).toBe(204)
  expect((await couponApi('GET', '/api/coupons/WINTER', key)).status).toBe(404)
})

test('coupon codes: POST 200 with id coupon-code, required filter, status/expires filters, patch, delete refused when assigned', async () => {
  await couponApi('POST', '/api/coupons', key, couponBody('BDAY'))
  const created = await couponApi('POST', '/api/coupon-codes', key, codeBody('BDAY', 'BDAY-0001'))
  expect(created.status).toBe(200)
  expect(created.json.data).toMatchObject({
    type: 'coupon-code',
    id: 'BDAY-BDAY-0001',
    attributes: { unique_code: 'BDAY-0001', status: 'UNASSIGNED' },
  })
  // default expiry: a year from now
  const exp = new Date(created.json.data.attributes.expires_at).getTime()
  expect(Math.abs(exp - (Date.now() + 365 * 86400_000))).toBeLessThan(120_000)
  expect((await couponApi('POST', '/api/coupon-codes', key, codeBody('BDAY', 'BDAY-0001'))).status).toBe(409)
  expect((await couponApi('POST', '/api/coupon-codes', key, codeBody('NOPE', 'X'))).status).toBe(404)
  const spaced = await couponApi('POST', '/api/coupon-codes', key, codeBody('BDAY', 'A B'))
  expect(spaced.status).toBe(400)
  expect(spaced.json.errors[0].source.pointer).toBe('/data/attributes/unique_code')
  await couponApi('POST', '/api/coupon-codes', key, codeBody('BDAY', 'BDAY-0002', '2026-01-01T00:00:00Z'))
  await couponApi('POST', '/api/coupon-codes', key, codeBody('BDAY', 'BDAY-0003'))

  const noFilter = await couponApi('GET', '/api/coupon-codes', key)
  expect(noFilter.status).toBe(400)
  expect(noFilter.json.errors[0].detail).toBe(
    'A filter on coupon.id or profile.id is required, e.g. filter=equals(coupon.id,"SUMMER").',
  )
  expect(noFilter.json.errors[0].source).toEqual({ parameter: 'filter' })
  const all = await couponApi('GET', `/api/coupon-codes?${filter('equals(coupon.id,"BDAY")')}&include=coupon`, key)
  expect(all.json.data.map((c: { id: string }) => c.id)).toEqual(['BDAY-BDAY-0001', 'BDAY-BDAY-0002', 'BDAY-BDAY-0003'])
  expect(all.json.included).toEqual([expect.objectContaining({ type: 'coupon', id: 'BDAY' })])
  const expired = await couponApi(
    'GET',
    `/api/coupon-codes?${filter('and(equals(coupon.id,"BDAY"),less-than(expires_at,2027-01-01T00:00:00Z))')}`,
    key,
  )
  expect(expired.json.data.map((c: { id: string }) => c.id)).toEqual(['BDAY-BDAY-0002'])

  // assign one (as the template tag does), then filter by status and profile
  const profile = await db.profile.create({ data: { id: 'PrfCoupon1', companyId, email: 'c1@example.test' } })
  const a = await assignCouponCode(companyId, 'BDAY', { assignKey: 'send-1', profileId: profile.id, now: new Date() })
  expect(a).toMatchObject({ kind: 'assigned' })
  const assignedCode = (a as { code: string }).code
  const byStatus = await couponApi(
    'GET',
    `/api/coupon-codes?${filter('and(equals(coupon.id,"BDAY"),equals(status,"ASSIGNED_TO_PROFILE"))')}`,
    key,
  )
  expect(byStatus.json.data.map((c: { attributes: { unique_code: string } }) => c.attributes.unique_code)).toEqual([
    assignedCode,
  ])
  expect(byStatus.json.data[0].relationships.profile.data).toEqual({ type: 'profile', id: profile.id })
  const byProfile = await couponApi('GET', `/api/coupon-codes?${filter(`equals(profile.id,"${profile.id}")`)}`, key)
  expect(byProfile.json.data).toHaveLength(1)
  const refused = await couponApi('DELETE', `/api/coupon-codes/BDAY-${assignedCode}`, key)
  expect(refused.status).toBe(400)
  expect(refused.json.errors[0].detail).toMatch(/assigned to a profile/)

  const patched = await couponApi('PATCH', '/api/coupon-codes/BDAY-BDAY-0003', key, {
    data: {
      type: 'coupon-code',
      id: 'BDAY-BDAY-0003',
      attributes: { status: 'USED', expires_at: '2030-01-01T00:00:00Z' },
    },
  })
  expect(patched.status).toBe(200)
  expect(patched.json.data.attributes).toMatchObject({ status: 'USED', expires_at: '2030-01-01T00:00:00+00:00' })
  const codeField = await couponApi('PATCH', '/api/coupon-codes/BDAY-BDAY-0003', key, {
    data: { type: 'coupon-code', id: 'BDAY-BDAY-0003', attributes: { unique_code: 'Z' } },
  })
  expect(codeField.status).toBe(400)
  expect((await couponApi('GET', '/api/coupon-codes/BDAY-BDAY-0003/coupon', key)).json.data.id).toBe('BDAY')
  expect((await couponApi('GET', '/api/coupon-codes/BDAY-BDAY-0003/relationships/coupon', key)).json.data).toEqual({
    type: 'coupon',
    id: 'BDAY',
  })
  expect((await couponApi('GET', '/api/coupons/BDAY/coupon-codes', key)).json.data).toHaveLength(3)
  expect((await couponApi('GET', '/api/coupons/BDAY/relationships/coupon-codes', key)).json.data[0]).toEqual({
    type: 'coupon-code',
    id: 'BDAY-BDAY-0001',
  })
  const unassigned = [1, 2, 3].map((n) => `BDAY-000${n}`).find((c) => c !== assignedCode && c !== 'BDAY-0003')!
  expect((await couponApi('DELETE', `/api/coupon-codes/BDAY-${unassigned}`, key)).status).toBe(204)
})

test('bulk create job: mixed entries (good ones applied, bad ones reported by index), limits', async () => {
  await couponApi('POST', '/api/coupons', key, couponBody('BULK'))
  await couponApi('POST', '/api/coupon-codes', key, codeBody('BULK', 'EXISTING'))
  const body = {
    data: {
      type: 'coupon-code-bulk-create-job',
      attributes: {
        'coupon-codes': {
          data: [
            entry('BULK', 'B1'),
            entry('BULK', 'EXISTING'),
            entry('MISSING', 'B2'),
            entry('BULK', 'bad code'),
            entry('BULK', 'B3'),
            entry('BULK', 'B1'),
          ],
        },
      },
    },
  }
  const started = await couponApi('POST', '/api/coupon-code-bulk-create-jobs', key, body)
  expect(started.status).toBe(202)
  expect(started.json.data.attributes).toMatchObject({ status: 'queued', total_count: 6 })
  await runJobsUntilIdle()
  const job = await couponApi(
    'GET',
    `/api/coupon-code-bulk-create-jobs/${started.json.data.id}?include=coupon-codes`,
    key,
  )
  expect(job.json.data.attributes).toMatchObject({
    status: 'complete',
    total_count: 6,
    completed_count: 2,
    failed_count: 4,
  })
  expect(job.json.data.attributes.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual(
    [1, 2, 3, 5].map((i) => `/data/attributes/coupon-codes/data/${i}`),
  )
  expect(job.json.data.attributes.errors[1].detail).toBe('A coupon with id MISSING was not found.')
  expect(job.json.included.map((c: { id: string }) => c.id)).toEqual(['BULK-B1', 'BULK-B3'])
  expect(await db.couponCode.count({ where: { companyId, code: { in: ['B1', 'B3', 'EXISTING'] } } })).toBe(3)
  const list = await couponApi('GET', `/api/coupon-code-bulk-create-jobs?${filter('equals(status,"complete")')}`, key)
  expect(list.json.data.map((j: { id: string }) => j.id)).toContain(started.json.data.id)

  const tooMany = {
    data: {
      type: 'coupon-code-bulk-create-job',
      attributes: { 'coupon-codes': { data: Array.from({ length: 1001 }, (_, i) => entry('BULK', `T${i}`)) } },
    },
  }
  const refused = await couponApi('POST', '/api/coupon-code-bulk-create-jobs', key, tooMany)
  expect(refused.status).toBe(400)
  expect(refused.json.errors[0].detail).toBe('At most 1000 coupon codes per job.')
  // 100 queued jobs: the 101st is refused
  const cid = companyId
  await db.couponCodeBulkJob.createMany({
    data: Array.from({ length: MAX_QUEUED_JOBS }, (_, i) => ({
      id: `QUEUED${String(i).padStart(3, '0')}`,
      companyId: cid,
      totalCount: 1,
      entries: '[]',
    })),
  })
  const throttled = await couponApi('POST', '/api/coupon-code-bulk-create-jobs', key, {
    data: { type: 'coupon-code-bulk-create-job', attributes: { 'coupon-codes': { data: [entry('BULK', 'Q1')] } } },
  })
  expect(throttled.status).toBe(429)
  await db.couponCodeBulkJob.deleteMany({ where: { companyId, id: { startsWith: 'QUEUED' } } })
})

test('cross-tenant: another company cannot see or touch these coupons, codes or jobs', async () => {
  await couponApi('POST', '/api/coupons', key, couponBody('PRIVATE'))
  await couponApi('POST', '/api/coupon-codes', key, codeBody('PRIVATE', 'P1'))
  expect((await couponApi('GET', '/api/coupons/PRIVATE', otherKey)).status).toBe(404)
  expect((await couponApi('GET', '/api/coupons', otherKey)).json.data).toEqual([])
  expect(
    (await couponApi('GET', `/api/coupon-codes?${filter('equals(coupon.id,"PRIVATE")')}`, otherKey)).json.data,
  ).toEqual([])
  expect((await couponApi('GET', '/api/coupon-codes/PRIVATE-P1', otherKey)).status).toBe(404)
  expect(
    (
      await couponApi('PATCH', '/api/coupon-codes/PRIVATE-P1', otherKey, {
        data: { type: 'coupon-code', id: 'PRIVATE-P1', attributes: { status: 'USED' } },
      })
    ).status,
  ).toBe(404)
  expect((await couponApi('DELETE', '/api/coupon-codes/PRIVATE-P1', otherKey)).status).toBe(404)
  expect((await couponApi('DELETE', '/api/coupons/PRIVATE', otherKey)).status).toBe(404)
  expect((await couponApi('POST', '/api/coupon-codes', otherKey, codeBody('PRIVATE', 'P2'))).status).toBe(404)
  // the same external id is free in the other company
  expect((await couponApi('POST', '/api/coupons', otherKey, couponBody('PRIVATE'))).status).toBe(201)
  const job = await db.couponCodeBulkJob.findFirst({ where: { companyId } })
  expect((await couponApi('GET', `/api/coupon-code-bulk-create-jobs/${job!.id}`, otherKey)).status).toBe(404)
  expect((await couponApi('GET', '/api/coupon-codes/PRIVATE-P1', key)).json.data.attributes.status).toBe('UNASSIGNED')
})

describe('official SDK over HTTP', () => {
  let server: RouteServer
  beforeAll(async () => {
    server = await startCouponServer()
  })
  afterAll(() => server.close())

  test('createCoupon, getCoupons, createCouponCode, getCouponCodes, bulkCreateCouponCodes, deleteCoupon', async () => {
    const api = new CouponsApi(new ApiKeySession(key))
    api.basePath = server.url
    const c = await api.createCoupon({
      data: { type: 'coupon', attributes: { externalId: 'SDK10', description: 'via SDK' } },
    } as never)
    expect(c.response.status).toBe(201)
    expect(c.body.data.id).toBe('SDK10')
    const list = await api.getCoupons()
    expect(list.body.data.map((x) => x.id)).toContain('SDK10')
    const code = await api.createCouponCode({
      data: {
        type: 'coupon-code',
        attributes: { uniqueCode: 'SDKCODE1' },
        relationships: { coupon: { data: { type: 'coupon', id: 'SDK10' } } },
      },
    } as never)
    expect(code.body.data.id).toBe('SDK10-SDKCODE1')
    const codes = await api.getCouponCodes('equals(coupon.id,"SDK10")')
    expect(codes.body.data.map((x) => x.attributes.uniqueCode)).toEqual(['SDKCODE1'])
    const job = await api.bulkCreateCouponCodes({
      data: {
        type: 'coupon-code-bulk-create-job',
        attributes: {
          couponCodes: {
            data: [
              {
                type: 'coupon-code',
                attributes: { uniqueCode: 'SDKCODE2' },
                relationships: { coupon: { data: { type: 'coupon', id: 'SDK10' } } },
              },
            ],
          },
        },
      },
    } as never)
    expect(job.response.status).toBe(202)
    await runJobsUntilIdle()
    const status = await api.getBulkCreateCouponCodesJob(job.body.data.id)
    expect(status.body.data.attributes).toMatchObject({ status: 'complete', completedCount: 1 })
    const upd = await api.updateCoupon('SDK10', {
      data: { type: 'coupon', id: 'SDK10', attributes: { description: 'changed' } },
    } as never)
    expect(upd.body.data.attributes.description).toBe('changed')
    await api.deleteCoupon('SDK10')
    expect(await db.coupon.count({ where: { companyId, externalId: 'SDK10' } })).toBe(0)
  })
})
