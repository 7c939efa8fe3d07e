/** @jest-environment node */
// Consent, suppressions, canReceive, the vendor subscriptions object, bulk subscribe with
// its limits, and double opt-in.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { canReceive, clearSuppressions, getSubscriptions, setConsent, suppress } from '@/lib/profiles/consent'
import { subscribeProfiles } from '@/lib/profiles/subscribe-profiles'
import { confirmDoubleOptIn, doubleOptInToken, verifyDoubleOptInToken } from '@/lib/profiles/double-opt-in'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { makeCompany } from '../helpers/factory'

let companyId: number
let n = 0
beforeAll(() => jest.spyOn(console, 'info').mockImplementation(() => {})) // the outbox mailer's log line
beforeEach(async () => {
  companyId = (await makeCompany('Shop')).id
})
const list = (optInProcess = 'single_opt_in') =>
  db.group.create({
    data: { id: `L${String(++n).padStart(5, '0')}`, companyId, name: `List ${n}`, type: 0, optInProcess },
  })
const subscribed = (email: string) => ({
  email,
  subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' as const } } },
})

test('email marketing: implicit consent, blocked by unsubscribe or any active suppression; SMS needs explicit consent', async () => {
  const { profile } = await upsertProfile(
    companyId,
    { email: 'c@example.com', phoneNumber: '+15005550010' },
    { mode: 'import' },
  )
  expect(await canReceive(companyId, profile.id, 'email_marketing')).toBe(true)
  expect(await canReceive(companyId, profile.id, 'sms_marketing')).toBe(false)
  await setConsent(companyId, profile.id, 'sms_marketing', 'subscribed', { method: 'API', source: 'checkout' })
  expect(await canReceive(companyId, profile.id, 'sms_marketing')).toBe(true)
  await suppress(companyId, profile.id, 'email', 'bounced')
  expect(await canReceive(companyId, profile.id, 'email_marketing')).toBe(false)
  const subs = (await getSubscriptions(companyId, [profile.id])).get(profile.id)!
  expect(subs.email.marketing).toMatchObject({
    can_receive_email_marketing: false,
    consent: 'NEVER_SUBSCRIBED',
    suppression: [{ reason: 'HARD_BOUNCE' }],
    list_suppressions: [],
  })
  expect(subs.sms.marketing).toMatchObject({ can_receive_sms_marketing: true, consent: 'SUBSCRIBED', method: 'API' })
  expect(subs.sms.transactional).toMatchObject({ can_receive_sms_transactional: false, consent: 'NEVER_SUBSCRIBED' })
  expect(await clearSuppressions(companyId, profile.id, 'email')).toBe(1)
  expect(await canReceive(companyId, profile.id, 'email_marketing')).toBe(true)
  await suppress(companyId, profile.id, 'email', 'unsubscribed')
  expect((await getSubscriptions(companyId, [profile.id])).get(profile.id)!.email.marketing.consent).toBe(
    'UNSUBSCRIBED',
  )
  // Another company cannot read or change it.
  const other = (await makeCompany()).id
  expect(await canReceive(other, profile.id, 'email_marketing')).toBe(false)
  expect((await getSubscriptions(other, [profile.id])).size).toBe(0)
  await expect(setConsent(other, profile.id, 'email_marketing', 'subscribed')).rejects.toMatchObject({ status: 404 })
  await expect(suppress(other, profile.id, 'email', 'manual')).rejects.toMatchObject({ status: 404 })
  expect(await clearSuppressions(other, profile.id, 'email')).toBe(0)
})

test('subscribeProfiles: consent SUBSCRIBED, list membership with source subscription, clears unsubscribes but not bounces', async () => {
  const l = await list()
  const a = await upsertProfile(companyId, { email: 'a@example.com' }, { mode: 'import' })
  const b = await upsertProfile(companyId, { email: 'b@example.com' }, { mode: 'import' })
  await suppress(companyId, a.profile.id, 'email', 'unsubscribed')
  await suppress(companyId, b.profile.id, 'email', 'bounced')
  await subscribeProfiles(companyId, {
    listId: l.id,
    customSource: 'Footer form',
    profiles: [
      subscribed('a@example.com'),
      subscribed('b@example.com'),
      { ...subscribed('new@example.com'), firstName: 'New' },
    ],
  })
  const subs = await getSubscriptions(companyId, [a.profile.id, b.profile.id])
  expect(subs.get(a.profile.id)!.email.marketing).toMatchObject({
    can_receive_email_marketing: true,
    consent: 'SUBSCRIBED',
    method: 'API',
    custom_method_detail: 'Footer form',
    suppression: [],
  })
  expect(subs.get(b.profile.id)!.email.marketing).toMatchObject({
    can_receive_email_marketing: false,
    suppression: [{ reason: 'HARD_BOUNCE' }],
  })
  const members = await db.groupMembership.findMany({ where: { groupId: l.id }, include: { profile: true } })
  expect(members.map((m) => [m.profile.email, m.source]).sort()).toEqual([
    ['a@example.com', 'subscription'],
    ['b@example.com', 'subscription'],
    ['new@example.com', 'subscription'],
  ])
  expect((await db.group.findUniqueOrThrow({ where: { id: l.id } })).memberCount).toBe(3)
  // Idempotent: subscribing again adds nothing.
  await subscribeProfiles(companyId, { listId: l.id, profiles: [subscribed('a@example.com')] })
  expect(await db.groupMembership.count({ where: { groupId: l.id } })).toBe(3)
})

test('subscribeProfiles limits and validation: 1000 max, 400 with field paths, nothing half-written', async () => {
  const l = await list()
  const many = Array.from({ length: 1001 }, (_, i) => subscribed(`m${i}@example.com`))
  await expect(subscribeProfiles(companyId, { listId: l.id, profiles: many })).rejects.toMatchObject({
    status: 400,
    fieldErrors: { profiles: expect.any(Array) },
  })
  const err = await subscribeProfiles(companyId, {
    listId: l.id,
    profiles: [subscribed('ok@example.com'), subscribed('bad-email')],
  }).catch((e) => e)
  expect(err.status).toBe(400)
  expect(Object.keys(err.fieldErrors)).toEqual(['profiles.1.email'])
  expect(await db.profile.count({ where: { companyId } })).toBe(0)
  await expect(
    subscribeProfiles(companyId, { listId: 'nope00', profiles: [subscribed('x@example.com')] }),
  ).rejects.toMatchObject({ status: 404 })
  const otherList = await db.group.create({
    data: { id: 'OTHER1', companyId: (await makeCompany()).id, name: 'Theirs' },
  })
  await expect(
    subscribeProfiles(companyId, { listId: otherList.id, profiles: [subscribed('x@example.com')] }),
  ).rejects.toMatchObject({ status: 404 })
  expect(await db.profile.count({ where: { companyId } })).toBe(0)
  // 1000 is fine.
  const thousand = Array.from({ length: 1000 }, (_, i) => subscribed(`k${i}@example.com`))
  await subscribeProfiles(companyId, { listId: l.id, profiles: thousand })
  expect(await db.groupMembership.count({ where: { groupId: l.id } })).toBe(1000)
}, 60_000) // a thousand profiles written one by one: seconds on a busy PostgreSQL

test('double opt-in: consent pending, a confirmation mail, membership only once confirmed', async () => {
  const l = await list('double_opt_in')
  await subscribeProfiles(companyId, { listId: l.id, profiles: [subscribed('d@example.com')] })
  const p = await db.profile.findFirstOrThrow({ where: { companyId, email: 'd@example.com' } })
  const subs = (await getSubscriptions(companyId, [p.id])).get(p.id)!
  expect(subs.email.marketing).toMatchObject({ consent: 'PENDING', double_optin: true })
  expect(await db.groupMembership.count({ where: { groupId: l.id } })).toBe(0)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: 'd@example.com' } })
  expect(mail.subject).toContain(l.name)
  const token = doubleOptInToken(companyId, p.id, l.id)
  expect(mail.text).toContain(token)
  expect(verifyDoubleOptInToken(companyId, p.id, l.id, token)).toBe(true)
  expect(verifyDoubleOptInToken(companyId, p.id, l.id, token.slice(1) + 'x')).toBe(false)

  await confirmDoubleOptIn(companyId, p.id, l.id)
  await confirmDoubleOptIn(companyId, p.id, l.id) // idempotent
  expect((await getSubscriptions(companyId, [p.id])).get(p.id)!.email.marketing).toMatchObject({
    consent: 'SUBSCRIBED',
    double_optin: true,
  })
  const m = await db.groupMembership.findMany({ where: { groupId: l.id } })
  expect(m.map((x) => [x.profileId, x.source])).toEqual([[p.id, 'subscription']])
  await expect(confirmDoubleOptIn((await makeCompany()).id, p.id, l.id)).rejects.toMatchObject({ status: 404 })
})

test("subscribeProfiles in client mode never changes an existing profile's identifiers", async () => {
  const a = await upsertProfile(
    companyId,
    { email: 'keep@example.com', phoneNumber: '+15005550030' },
    { mode: 'import' },
  )
  await subscribeProfiles(
    companyId,
    {
      profiles: [
        {
          email: 'keep@example.com',
          phoneNumber: '+15005550031',
          subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
        },
      ],
    },
    { mode: 'client' },
  )
  expect((await db.profile.findUniqueOrThrow({ where: { id: a.profile.id } })).phoneNumber).toBe('+15005550030')
})
