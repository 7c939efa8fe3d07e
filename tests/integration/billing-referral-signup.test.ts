/** @jest-environment node */
// Issue 26 §1 (/referrals): a sign-up through a referral link records one referral for the
// referrer, in the sign-up's transaction; an unknown or malformed code signs up without one; a
// retried sign-up never records a second; the referral is credited once the referred account
// pays; and one account's /referrals never lists another's.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { getSubscription } from '@/lib/billing/subscription'
import { findReferrer, recordReferral } from '@/lib/auth/record-referral'
import { POST as register } from '@/app/ajax/register/route'
import { GET as referrals } from '@/app/ajax/billing/referrals/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

const signUp = (email: string, ref?: string) =>
  register(
    ajaxRequest('/ajax/register', {
      method: 'POST',
      body: { companyName: 'New Shop', firstName: 'Ada', lastName: 'L', email, password: 'long-enough-pw', ref },
    }),
  )

async function referrer() {
  const c = await makeCompany('Referrer ' + Math.random().toString(36).slice(2, 7))
  const owner = await makeUser({ companyId: c.id })
  const sub = await getSubscription(c.id)
  return { c, code: sub.referralCode!, cookie: await signIn(owner.id, c.id) }
}

const companyOf = async (email: string) =>
  (await db.membership.findFirstOrThrow({ where: { user: { email } }, select: { companyId: true } })).companyId

async function list(cookie: string) {
  const res = await referrals(ajaxRequest('/ajax/billing/referrals', { cookie }))
  expect(res.status).toBe(200)
  return (await res.json()) as { referrals: Array<{ status: string; creditCents: number }>; totalCreditCents: number }
}

test('a sign-up with a code records one referral; a retry records no second; paying credits it', async () => {
  const a = await referrer()
  expect((await signUp('referred@example.test', a.code)).status).toBe(202)
  const referred = await companyOf('referred@example.test')
  const rows = await db.referral.findMany({ where: { companyId: a.c.id } })
  expect(rows).toEqual([expect.objectContaining({ referredCompanyId: referred, code: a.code, status: 'pending' })])

  // The same sign-up sent again (a double click, a retried request): the address has an account now.
  expect((await signUp('referred@example.test', a.code)).status).toBe(202)
  expect(await db.referral.count({ where: { companyId: a.c.id } })).toBe(1)
  expect(await db.company.count({ where: { name: 'New Shop' } })).toBe(1)

  const before = await list(a.cookie)
  expect(before.referrals).toEqual([expect.objectContaining({ status: 'pending', creditCents: 0 })])
  await getSubscription(referred)
  await db.companySubscription.update({ where: { companyId: referred }, data: { emailPlanKey: 'email-500' } })
  const after = await list(a.cookie)
  expect(after.referrals).toEqual([expect.objectContaining({ status: 'credited', creditCents: 5000 })])
  expect(after.totalCreditCents).toBe(5000)
  // Looking again credits nothing twice.
  expect((await list(a.cookie)).totalCreditCents).toBe(5000)
})

test('an unknown or malformed code: the account is made, no referral', async () => {
  const before = await db.referral.count()
  expect((await signUp('unknown-code@example.test', 'nosuchcode')).status).toBe(202)
  expect((await signUp('bad-code@example.test', '<script>"x"</script>'.repeat(10))).status).toBe(202)
  await companyOf('unknown-code@example.test')
  await companyOf('bad-code@example.test')
  expect(await db.referral.count()).toBe(before)
})

test("another company's referrals are never listed", async () => {
  const a = await referrer()
  const b = await referrer()
  expect((await signUp('for-a@example.test', a.code)).status).toBe(202)
  expect((await list(a.cookie)).referrals).toHaveLength(1)
  expect((await list(b.cookie)).referrals).toEqual([])
})

test('a company never refers itself', async () => {
  const a = await referrer()
  const referrerOfCode = await findReferrer(a.code)
  expect(referrerOfCode).toEqual({ companyId: a.c.id, code: a.code })
  await db.$transaction((tx) => recordReferral(tx, referrerOfCode!, a.c.id))
  expect(await db.referral.count({ where: { companyId: a.c.id } })).toBe(0)
})
