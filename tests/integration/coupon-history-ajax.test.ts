/** @jest-environment node */
// /ajax/coupons/{id}/history (the /coupon/{id}/history screen) through the real route handler:
// codes added by an upload and by an API bulk job (its refused entries counted), codes given
// out with the profile and the campaign or flow message that took each, codes used; paging; a
// bad offset is a 400 naming the field; an Analyst reads it; another account gets 404.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as history from '@/app/ajax/coupons/[id]/history/route'
import { assignCouponCode, codeApiId, createCoupon, updateCode } from '@/lib/coupons/store'
import { importCouponCsv } from '@/lib/coupons/import-csv'
import { createBulkJob, processBulkJob } from '@/lib/coupons/bulk-jobs'

let A: number, B: number, ownerA: string, analystA: string, ownerB: string
beforeAll(async () => {
  A = (await makeCompany('CpnHist A')).id
  B = (await makeCompany('CpnHist B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
})
const get = (cookie: string, id: string, qs = '') =>
  history
    .GET(ajaxRequest(`/ajax/coupons/${id}/history${qs}`, { cookie }), params({ id }))
    .then(async (r) => ({ status: r.status, body: await r.json() }))
const H = 3600_000

async function send(id: string, sourceType: string, sourceId: string, profileId: string, subject: string) {
  await db.send.create({
    data: {
      id,
      companyId: A,
      channel: 'email',
      sourceType,
      sourceId,
      profileId,
      status: 'sent',
      content: '{}',
      subject,
    },
  })
}

test('added (upload and bulk job), given out (to whom, by which message) and used', async () => {
  const coupon = await createCoupon(A, {
    externalId: 'HIST',
    description: '',
    integrationKey: '$custom',
    monitorConfiguration: {},
  })
  await createCoupon(A, { externalId: 'OTHER', description: '', integrationKey: '$custom', monitorConfiguration: {} })
  // an upload two hours ago (three codes), one pasted code now
  expect(await importCouponCsv(A, coupon.id, 'code\nU1\nU2\nU3\n')).toEqual({ ok: true, created: 3 })
  await db.couponCode.updateMany({
    where: { companyId: A, couponId: coupon.id },
    data: { createdAt: new Date(Date.now() - 2 * H) },
  })
  expect(await importCouponCsv(A, coupon.id, 'P1')).toEqual({ ok: true, created: 1 })
  // a bulk job: two good codes and one repeated for HIST, one for another coupon
  const job = await createBulkJob(A, [
    { coupon_id: 'HIST', unique_code: 'J1' },
    { coupon_id: 'OTHER', unique_code: 'O1' },
    { coupon_id: 'HIST', unique_code: 'J2' },
    { coupon_id: 'HIST', unique_code: 'U1' },
  ])
  await processBulkJob(A, job.id)

  await db.profile.create({ data: { id: 'PHist1', companyId: A, email: 'ann@x.test' } })
  await db.profile.create({ data: { id: 'PHist2', companyId: A, email: 'bob@x.test' } })
  await db.campaign.create({ data: { id: 'CHist1', companyId: A, name: 'Spring sale', channel: 'email' } })
  await db.campaignMessage.create({ data: { id: 'CMHist1', companyId: A, campaignId: 'CHist1', channel: 'email' } })
  await db.flow.create({ data: { id: 'FHist1', companyId: A, name: 'Welcome series', webhookSecret: 's' } })
  await db.flowMessage.create({
    data: { id: 'FMHist1', flowId: 'FHist1', actionId: 'AHist1', companyId: A, channel: 'email', definition: '{}' },
  })
  await send('SHist1', 'campaign_message', 'CMHist1', 'PHist1', 'Your spring code')
  await send('SHist2', 'flow_action_run', 'AHist1:run1', 'PHist2', 'Welcome!')
  const t1 = new Date(Date.now() - H)
  const t2 = new Date()
  const a1 = await assignCouponCode(A, 'HIST', { assignKey: 'SHist1', profileId: 'PHist1', now: t1 })
  const a2 = await assignCouponCode(A, 'HIST', { assignKey: 'SHist2', profileId: 'PHist2', now: t2 })
  if (a1.kind !== 'assigned' || a2.kind !== 'assigned') throw new Error('not assigned')
  await updateCode(A, codeApiId('HIST', a1.code), { status: 'USED' })

  const { status, body } = await get(ownerA, coupon.id)
  expect(status).toBe(200)
  expect(body.coupon).toMatchObject({ id: coupon.id, externalId: 'HIST' })
  expect(body.counts).toEqual({ unassigned: 4, assigned: 1, used: 1, total: 6 })
  const byKind = (k: string) => body.additions.filter((x: { kind: string }) => x.kind === k)
  expect(byKind('bulk_job')).toEqual([
    expect.objectContaining({ jobId: job.id, status: 'complete', submitted: 3, created: 2, failed: 1 }),
  ])
  expect(
    byKind('added')
      .map((x: { created: number }) => x.created)
      .sort(),
  ).toEqual([1, 3])
  // newest first: the two-hour-old upload is last
  expect(body.additions.at(-1)).toMatchObject({ kind: 'added', created: 3 })

  expect(body.assigned.total).toBe(2)
  expect(body.assigned.nextOffset).toBeNull()
  expect(body.assigned.codes).toEqual([
    expect.objectContaining({
      code: a2.code,
      status: 'ASSIGNED_TO_PROFILE',
      profileId: 'PHist2',
      profileEmail: 'bob@x.test',
      assignedAt: t2.toISOString(),
      usedAt: null,
      message: {
        sendId: 'SHist2',
        channel: 'email',
        subject: 'Welcome!',
        source: 'flow',
        name: 'Welcome series',
        href: '/flow/message/FMHist1/reports/overview',
      },
    }),
    expect.objectContaining({
      code: a1.code,
      status: 'USED',
      profileEmail: 'ann@x.test',
      assignedAt: t1.toISOString(),
      message: {
        sendId: 'SHist1',
        channel: 'email',
        subject: 'Your spring code',
        source: 'campaign',
        name: 'Spring sale',
        href: '/campaign/CHist1/reports/overview',
      },
    }),
  ])
  expect(body.used.total).toBe(1)
  expect(body.used.codes).toEqual([
    expect.objectContaining({ code: a1.code, profileEmail: 'ann@x.test', usedAt: expect.any(String) }),
  ])
})

test('given-out codes page by 50; a bad offset is a 400 naming it', async () => {
  const coupon = await createCoupon(A, {
    externalId: 'MANY',
    description: '',
    integrationKey: '$custom',
    monitorConfiguration: {},
  })
  await importCouponCsv(A, coupon.id, Array.from({ length: 55 }, (_, i) => `M${i}`).join('\n'))
  for (let i = 0; i < 55; i++)
    await assignCouponCode(A, 'MANY', {
      assignKey: `send-many-${i}`,
      profileId: null,
      now: new Date(Date.now() - i * 1000),
    })
  const first = (await get(ownerA, coupon.id)).body.assigned
  expect([first.total, first.codes.length, first.nextOffset]).toEqual([55, 50, 50])
  // a key that names no Send: no message, not an error
  expect(first.codes[0].message).toBeNull()
  const second = (await get(ownerA, coupon.id, '?offset=50')).body.assigned
  expect([second.codes.length, second.nextOffset, second.offset]).toEqual([5, null, 50])
  const bad = await get(ownerA, coupon.id, '?offset=-3')
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.body.fieldErrors)).toEqual(['offset'])
})

test('an Analyst reads the history; another account gets 404 and its own coupon shows none of ours', async () => {
  const coupon = await db.coupon.findFirstOrThrow({ where: { companyId: A, externalId: 'HIST' } })
  expect((await get(analystA, coupon.id)).status).toBe(200)
  expect((await get(ownerB, coupon.id)).status).toBe(404)
  const theirs = await createCoupon(B, {
    externalId: 'HIST',
    description: '',
    integrationKey: '$custom',
    monitorConfiguration: {},
  })
  const body = (await get(ownerB, theirs.id)).body
  // the bulk job named "HIST" belongs to account A: not shown here
  expect(body.additions).toEqual([])
  expect(body.assigned.total).toBe(0)
  expect((await get(ownerA, 'missing')).status).toBe(404)
})
