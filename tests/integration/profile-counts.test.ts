/** @jest-environment node */
// Issues 26 §4 and 27 §6: the per-company profile counts (CompanyProfileCount, kept by triggers
// on Profile, Suppression, ProfileConsent and Company) equal hand counts of the same rows after
// single and bulk inserts, consent changes, suppressions and their clearing, address changes,
// merges and deletes with their cascades (a profile's consents and suppressions, a company's count); the usage and the portfolio read them, and a company's
// counts never include another's. Runs on both engines (tests/postgres.list): the triggers differ.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read } from '@/lib/db/ops'
import { makeCompany } from '../helpers/factory'
import { setConsent, suppress, clearSuppressions } from '@/lib/profiles/consent'
import { mergeProfiles } from '@/lib/profiles/merge-profiles'
import { ingestEvents } from '@/lib/events/ingest-events'
import { activeProfilesOps } from '@/lib/billing/measure-usage'
import { accountFigures } from '@/lib/portfolio/account-figures'

let a: number
let b: number

/** The vendor's definition counted straight from the rows, as measure-usage did before the counter. */
async function handCount(companyId: number) {
  const rows = await kysely()
    .selectFrom('Profile as p')
    .select([
      'p.id',
      sql<boolean>`p."email" is not null
        and not exists (select 1 from "Suppression" s where s."profileId" = p."id" and s."channel" = 'email' and s."clearedAt" is null)
        and not exists (select 1 from "ProfileConsent" c where c."profileId" = p."id" and c."channel" = 'email_marketing' and c."status" = 'unsubscribed')`.as(
        'e',
      ),
      sql<boolean>`p."phoneNumber" is not null
        and exists (select 1 from "ProfileConsent" c where c."profileId" = p."id" and c."channel" = 'sms_marketing' and c."status" = 'subscribed')
        and not exists (select 1 from "Suppression" s where s."profileId" = p."id" and s."channel" = 'sms' and s."clearedAt" is null)`.as(
        't',
      ),
    ])
    .where('p.companyId', '=', companyId)
    .execute()
  const e = rows.filter((r) => !!Number(r.e)).length
  const t = rows.filter((r) => !!Number(r.t)).length
  const active = rows.filter((r) => !!Number(r.e) || !!Number(r.t)).length
  return { profiles: rows.length, emailable: e, textable: t, active }
}

async function counted(companyId: number) {
  const row = await kysely()
    .selectFrom('CompanyProfileCount')
    .selectAll()
    .where('companyId', '=', companyId)
    .executeTakeFirst()
  return {
    profiles: Number(row?.profiles ?? 0),
    emailable: Number(row?.emailable ?? 0),
    textable: Number(row?.textable ?? 0),
    active: Number(row?.active ?? 0),
  }
}

async function expectExact(companyId: number, expected?: Awaited<ReturnType<typeof handCount>>) {
  const hand = await handCount(companyId)
  if (expected) expect(hand).toEqual(expected)
  expect(await counted(companyId)).toEqual(hand)
  expect(await read(activeProfilesOps(companyId))).toBe(hand.active)
}

const profile = (companyId: number, id: string, email: string | null, phoneNumber: string | null = null) =>
  db.profile.create({ data: { id, companyId, email, phoneNumber } })

beforeAll(async () => {
  a = (await makeCompany()).id
  b = (await makeCompany()).id
})

test('single inserts count profiles, emailable and textable ones; each company only its own', async () => {
  await profile(a, 'a1', 'a1@example.test')
  await profile(a, 'a2', null, '+15550000002')
  await profile(a, 'a3', 'a3@example.test', '+15550000003')
  await profile(a, 'a4', null) // neither: counted as a profile only
  await profile(b, 'b1', 'b1@example.test')
  await expectExact(a, { profiles: 4, emailable: 2, textable: 0, active: 2 })
  await expectExact(b, { profiles: 1, emailable: 1, textable: 0, active: 1 })
})

test('SMS consent makes a profile with a number textable; unsubscribing from email takes it off', async () => {
  await setConsent(a, 'a2', 'sms_marketing', 'subscribed')
  await setConsent(a, 'a3', 'sms_marketing', 'subscribed')
  await expectExact(a, { profiles: 4, emailable: 2, textable: 2, active: 3 })
  await setConsent(a, 'a1', 'email_marketing', 'unsubscribed')
  await setConsent(a, 'a3', 'email_marketing', 'unsubscribed') // still textable
  await expectExact(a, { profiles: 4, emailable: 0, textable: 2, active: 2 })
  await setConsent(a, 'a1', 'email_marketing', 'subscribed')
  await setConsent(a, 'a2', 'sms_marketing', 'pending')
  await expectExact(a, { profiles: 4, emailable: 1, textable: 1, active: 2 })
  await expectExact(b, { profiles: 1, emailable: 1, textable: 0, active: 1 })
})

test('suppressions block their channel until cleared; other channels leave the counts alone', async () => {
  await suppress(a, 'a1', 'email', 'bounced')
  await suppress(a, 'a3', 'sms', 'manual')
  await expectExact(a, { profiles: 4, emailable: 0, textable: 0, active: 0 })
  await clearSuppressions(a, 'a1', 'email')
  await expectExact(a, { profiles: 4, emailable: 1, textable: 0, active: 1 })
  await db.profileConsent.create({ data: { companyId: a, profileId: 'a4', channel: 'push', status: 'subscribed' } })
  await clearSuppressions(a, 'a3', 'sms')
  await expectExact(a, { profiles: 4, emailable: 1, textable: 1, active: 2 })
})

test('an address or number set, changed or removed moves the profile', async () => {
  await db.profile.update({ where: { id: 'a4' }, data: { email: 'a4@example.test' } })
  await db.profile.update({ where: { id: 'a3' }, data: { phoneNumber: null } })
  await db.profile.update({ where: { id: 'a1' }, data: { firstName: 'Ann', lastEventAt: new Date() } })
  await expectExact(a, { profiles: 4, emailable: 2, textable: 0, active: 2 })
})

test('bulk inserts (createMany and set-based ingest) count every new profile', async () => {
  await db.profile.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({
      id: `bulk${i}`,
      companyId: a,
      email: i % 3 ? `bulk${i}@example.test` : null,
      phoneNumber: i % 3 ? null : `+1555100${String(i).padStart(4, '0')}`,
    })),
  })
  await ingestEvents(
    b,
    Array.from({ length: 20 }, (_, i) => ({
      metric: { name: 'Signed Up' },
      profile: { email: `new${i}@example.test` },
    })),
  )
  await db.profileConsent.createMany({
    data: [0, 3, 6].map((i) => ({
      companyId: a,
      profileId: `bulk${i}`,
      channel: 'sms_marketing',
      status: 'subscribed',
    })),
  })
  await db.suppression.createMany({
    data: [1, 2, 3].map((i) => ({
      companyId: a,
      profileId: `bulk${i}`,
      channel: i === 3 ? 'sms' : 'email',
      reason: 'manual',
    })),
  })
  await expectExact(a, { profiles: 34, emailable: 2 + 18, textable: 2, active: 2 + 18 + 2 })
  await expectExact(b, { profiles: 21, emailable: 21, textable: 0, active: 21 })
  // A bulk clear of suppressions, as a statement over many rows.
  await db.suppression.updateMany({ where: { companyId: a }, data: { clearedAt: new Date() } })
  await expectExact(a, { profiles: 34, emailable: 22, textable: 3, active: 25 })
})

test('a merge moves consents and suppressions onto the kept profile and drops the other', async () => {
  await profile(a, 'm-from', null, '+15550009001')
  await profile(a, 'm-into', 'into@example.test')
  await setConsent(a, 'm-from', 'sms_marketing', 'subscribed')
  await suppress(a, 'm-from', 'email', 'spam_complaint')
  const before = await handCount(a)
  await mergeProfiles(a, 'm-from', 'm-into')
  const after = await handCount(a)
  expect(after.profiles).toBe(before.profiles - 1)
  await expectExact(a)
})

test('deletes, their cascades and a company delete keep the counts exact', async () => {
  await db.profile.delete({ where: { id: 'a2' } }) // its consent goes by cascade
  await db.profile.deleteMany({ where: { companyId: a, id: { startsWith: 'bulk1' } } })
  await db.profileConsent.deleteMany({ where: { companyId: a, profileId: 'bulk0' } })
  await expectExact(a)
  await expectExact(b, { profiles: 21, emailable: 21, textable: 0, active: 21 })
  const c = (await makeCompany()).id
  await profile(c, 'c1', 'c1@example.test')
  await setConsent(c, 'c1', 'email_marketing', 'subscribed')
  await suppress(c, 'c1', 'sms', 'manual')
  await expectExact(c, { profiles: 1, emailable: 1, textable: 0, active: 1 })
  // Profile has no foreign key to Company, so a company's delete leaves its profiles; its count
  // row goes with it, and deleting the orphans after does not bring back a negative row.
  await db.company.delete({ where: { id: c } })
  const countRow = () =>
    kysely().selectFrom('CompanyProfileCount').select('companyId').where('companyId', '=', c).execute()
  expect(await countRow()).toEqual([])
  await db.profile.deleteMany({ where: { companyId: c } })
  expect(await countRow()).toEqual([])
  expect(await kysely().selectFrom('ProfileReach').select('profileId').where('companyId', '=', c).execute()).toEqual([])
  await expectExact(a)
  await expectExact(b, { profiles: 21, emailable: 21, textable: 0, active: 21 })
})

test('the portfolio figures read the counts: profiles per account, new profiles of the period', async () => {
  const now = new Date()
  const period = { from: new Date(now.getTime() - 86_400_000), to: new Date(now.getTime() + 1000) }
  await db.profile.update({ where: { id: 'a1' }, data: { createdAt: new Date(now.getTime() - 10 * 86_400_000) } })
  const [fa, fb] = await accountFigures([a, b], period)
  expect(fa!.profiles).toBe((await handCount(a)).profiles)
  expect(fa!.newProfiles).toBe((await handCount(a)).profiles - 1)
  expect(fb!.profiles).toBe(21)
  expect(fb!.newProfiles).toBe(21)
})
