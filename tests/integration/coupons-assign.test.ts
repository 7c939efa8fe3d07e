/** @jest-environment node */
// {% coupon_code %} at send time: one unassigned code per Send, exactly once — a re-render or
// retry of the same Send prints the same code, concurrent assignments never share a code, a
// Send whose coupon has no code left is skipped (coupon_codes_exhausted), the low-balance alert
// goes out once per crossing, and one company's template never takes another's codes.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)

import { db } from '@/lib/db/client'
import { makeCompany, makeUser } from '../helpers/factory'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends, type CreateSendsInput } from '@/lib/messaging/create-sends'
import { claimSendsPage, deliverClaimed } from '@/lib/messaging/deliver-sends'
import { ulid } from '@/lib/ids/make-id'
import { addCodesAllOrNothing, assignCouponCode, createCoupon } from '@/lib/coupons/store'

beforeEach(() => {
  delete process.env.SMTP_URL
  process.env.APP_URL = 'https://app.example.test'
})

async function profile(companyId: number, email: string) {
  return (await upsertProfile(companyId, { email }, { mode: 'import' })).profile.id
}

async function couponWith(companyId: number, externalId: string, codes: string[], threshold?: number) {
  const c = await createCoupon(companyId, {
    externalId,
    ...(threshold !== undefined ? { monitorConfiguration: { low_balance_threshold: threshold } } : {}),
  })
  const r = await addCodesAllOrNothing(
    companyId,
    c,
    codes.map((code) => ({ code })),
  )
  expect(r.ok).toBe(true)
  return c
}

function message(
  companyId: number,
  profileIds: string[],
  html = "<p>Your code: {% coupon_code 'WELCOME' %}</p>",
): CreateSendsInput {
  return {
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: ulid(),
    content: { subject: 'A gift', html, fromEmail: 'shop@shop.example.test' },
    recipients: profileIds.map((profileId) => ({ profileId })),
  }
}

const codeIn = (html: string | null | undefined) => /Your code: (\S+?)<\/p>/.exec(html ?? '')?.[1]

test('a send assigns one code per Send; the last recipients are skipped when codes run out; one low-balance alert', async () => {
  const { id: cid } = await makeCompany('Coupon shop')
  await makeUser({ email: 'owner@coupon-shop.test', companyId: cid, role: 'owner' })
  await couponWith(cid, 'WELCOME', ['W-1', 'W-2', 'W-3'], 1)
  const people = [
    await profile(cid, 'a@x.test'),
    await profile(cid, 'b@x.test'),
    await profile(cid, 'c@x.test'),
    await profile(cid, 'd@x.test'),
  ]
  const input = message(cid, people)
  await createSends(input)
  await runJobsUntilIdle()

  const sends = await db.send.findMany({ where: { companyId: cid, sourceId: input.sourceId }, orderBy: { id: 'asc' } })
  expect(sends.map((s) => s.status).sort()).toEqual(['sent', 'sent', 'sent', 'skipped'])
  const skipped = sends.find((s) => s.status === 'skipped')!
  expect(skipped.reason).toBe('coupon_codes_exhausted')
  expect(skipped.error).toBe('The coupon WELCOME has no unassigned code left.')
  const mails = await db.outboxMail.findMany({ where: { sendId: { in: sends.map((s) => s.id) } } })
  const printed = mails.map((m) => codeIn(m.html))
  expect(printed.sort()).toEqual(['W-1', 'W-2', 'W-3'])
  // each code is held by the Send that printed it, for that Send's profile
  for (const m of mails) {
    const code = await db.couponCode.findFirst({ where: { companyId: cid, code: codeIn(m.html)! } })
    const send = sends.find((s) => s.id === m.sendId)!
    expect(code).toMatchObject({ status: 'ASSIGNED_TO_PROFILE', profileId: send.profileId })
    expect(code!.assignKey!.startsWith(send.id + ':')).toBe(true)
  }
  // threshold 1: the alert went out once (when 1 code was left), not again at 0
  const alerts = await db.outboxMail.findMany({ where: { subject: { startsWith: 'Coupon WELCOME is running low' } } })
  expect(alerts).toHaveLength(1)
  expect(alerts[0]!.to).toBe('owner@coupon-shop.test')
  expect(
    (await db.coupon.findFirst({ where: { companyId: cid, externalId: 'WELCOME' } }))!.lowBalanceAlertedAt,
  ).not.toBeNull()
})

test('a retry or re-render of the same Send prints the same code and assigns no other', async () => {
  const { id: cid } = await makeCompany('Retry shop')
  await couponWith(cid, 'WELCOME', ['R-1', 'R-2', 'R-3'])
  const p = await profile(cid, 'r@x.test')
  const input = message(cid, [p])
  await createSends(input)
  const [claimed] = await claimSendsPage({
    companyId: cid,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: input.sourceId,
  })
  const first = await deliverClaimed(claimed!)
  const second = await deliverClaimed(claimed!)
  const third = await Promise.all([deliverClaimed(claimed!), deliverClaimed(claimed!)])
  const codes = [first, second, ...third].map((o) => (o.kind === 'outbox' ? codeIn(o.mail.html) : o.kind))
  expect(new Set(codes).size).toBe(1)
  expect(codes[0]).toMatch(/^R-\d$/)
  expect(await db.couponCode.count({ where: { companyId: cid, status: 'ASSIGNED_TO_PROFILE' } })).toBe(1)
})

test('concurrent assignments: every key one code, no code twice, the rest exhausted', async () => {
  const { id: cid } = await makeCompany('Busy shop')
  const codes = Array.from({ length: 20 }, (_, i) => `C-${String(i).padStart(2, '0')}`)
  await couponWith(cid, 'RUSH', codes)
  const now = new Date()
  const keys = Array.from({ length: 30 }, (_, i) => `send-${i}`)
  // every key twice at once (a retry racing the first attempt), 60 calls in flight
  const results = await Promise.all(
    [...keys, ...keys].map((k) =>
      assignCouponCode(cid, 'RUSH', { assignKey: k, profileId: null, now }).then((r) => [k, r] as const),
    ),
  )
  const byKey = new Map<string, Set<string>>()
  for (const [k, r] of results) {
    const set = byKey.get(k) ?? new Set<string>()
    set.add(r.kind === 'assigned' ? r.code : r.kind)
    byKey.set(k, set)
  }
  const assigned = [...byKey.values()].filter((s) => ![...s].includes('exhausted'))
  for (const s of byKey.values()) if (![...s].some((v) => v === 'exhausted')) expect(s.size).toBe(1)
  const handedOut = assigned.map((s) => [...s][0]!)
  expect(new Set(handedOut).size).toBe(handedOut.length)
  expect(handedOut.length).toBe(20)
  expect(
    (await db.couponCode.findMany({ where: { companyId: cid, status: 'ASSIGNED_TO_PROFILE' } }))
      .map((c) => c.code)
      .sort(),
  ).toEqual(codes)
  expect(await db.couponCode.count({ where: { companyId: cid, status: 'UNASSIGNED' } })).toBe(0)
})

test('cross-tenant: a template names a coupon id another company also uses; each takes only its own codes', async () => {
  const a = (await makeCompany('Tenant A')).id
  const b = (await makeCompany('Tenant B')).id
  await couponWith(a, 'WELCOME', ['A-ONLY'])
  await couponWith(b, 'WELCOME', [])
  const pb = await profile(b, 'b@tenant.test')
  const input = message(b, [pb])
  await createSends(input)
  await runJobsUntilIdle()
  const send = await db.send.findFirst({ where: { companyId: b, sourceId: input.sourceId } })
  expect(send).toMatchObject({ status: 'skipped', reason: 'coupon_codes_exhausted' })
  expect(await db.couponCode.findFirst({ where: { companyId: a, code: 'A-ONLY' } })).toMatchObject({
    status: 'UNASSIGNED',
    assignKey: null,
  })
})
