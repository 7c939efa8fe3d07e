/** @jest-environment node */
// /people/subscribers (issue 12 §4): the subscribers view (can receive email marketing: never
// subscribed people count, suppressed and unsubscribed ones do not) and an all-profiles view, a
// consent filter, sorting, and an export of exactly what is shown; another company's people never.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { GET as subscribersGet } from '@/app/ajax/people/subscribers/route'
import { POST as exportPost } from '@/app/ajax/people/subscribers/export/route'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import Papa from 'papaparse'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

let A: number, cookieA: string, cookieB: string, analystA: string
const ids: Record<string, string> = {}

beforeAll(async () => {
  A = (await makeCompany('A')).id
  const B = (await makeCompany('B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  analystA = await signIn((await makeUser({ companyId: A, role: 'support' })).id, A)
  const people: Array<[string, string | null, string | null, boolean]> = [
    // name, email, consent status, suppressed
    ['sub', 'carol@a.test', 'subscribed', false],
    ['never', 'alice@a.test', null, false],
    ['pending', 'bob@a.test', 'pending', false],
    ['unsub', 'dave@a.test', 'unsubscribed', false],
    ['bounced', 'erin@a.test', 'subscribed', true],
    ['phoneOnly', null, null, false],
  ]
  let t = Date.parse('2026-01-01T00:00:00Z')
  for (const [name, email, status, suppressed] of people) {
    const id = ulid()
    ids[name] = id
    await db.profile.create({
      data: {
        id,
        companyId: A,
        email,
        phoneNumber: email ? null : '+33612345678',
        createdAt: new Date((t += 86_400_000)),
      },
    })
    if (status)
      await db.profileConsent.create({
        data: {
          companyId: A,
          profileId: id,
          channel: 'email_marketing',
          status,
          method: 'form',
          source: 'Footer',
          consentedAt: new Date(t),
        },
      })
    if (suppressed)
      await db.suppression.create({ data: { companyId: A, profileId: id, channel: 'email', reason: 'bounced' } })
  }
  await db.profile.create({ data: { id: ulid(), companyId: B, email: 'other@b.test' } })
})

const list = async (qs = '', cookie = cookieA) => {
  const res = await subscribersGet(ajaxRequest(`/ajax/people/subscribers?page_size=100${qs}`, { cookie }))
  const json = await res.json()
  return {
    status: res.status,
    json,
    names: (json.data ?? []).map((r: { profileId: string }) => Object.keys(ids).find((k) => ids[k] === r.profileId)),
  }
}

test('subscribers: everyone who can receive email marketing, never-subscribed people included', async () => {
  const r = await list()
  expect(r.status).toBe(200)
  expect(r.names).toEqual(['pending', 'never', 'sub']) // newest first; unsubscribed, suppressed and email-less people left out
  expect(r.json.total).toBe(3)
})

test('all profiles, the consent filter and sorting', async () => {
  expect((await list('&view=all')).names).toEqual(['phoneOnly', 'bounced', 'unsub', 'pending', 'never', 'sub'])
  expect((await list('&view=all&consent=never_subscribed')).names).toEqual(['phoneOnly', 'never'])
  expect((await list('&view=all&consent=subscribed')).names).toEqual(['bounced', 'sub'])
  expect((await list('&consent=subscribed')).names).toEqual(['sub'])
  expect((await list('&view=all&sort=email_asc')).names).toEqual([
    'never',
    'pending',
    'sub',
    'unsub',
    'bounced',
    'phoneOnly',
  ])
  expect((await list('&view=all&sort=email_desc')).names).toEqual([
    'bounced',
    'unsub',
    'sub',
    'pending',
    'never',
    'phoneOnly',
  ])
  expect((await list('&view=all&sort=created_asc')).names).toEqual([
    'sub',
    'never',
    'pending',
    'unsub',
    'bounced',
    'phoneOnly',
  ])
  expect((await list('&view=all&sort=consented_desc')).names.slice(0, 4)).toEqual([
    'bounced',
    'unsub',
    'pending',
    'sub',
  ])
  expect((await list('&view=everyone')).status).toBe(400)
  expect((await list('&sort=random')).status).toBe(400)
  expect((await list('&view=all', cookieB)).json.total).toBe(1)
})

test('export writes what the screen shows into a download, through the shared CSV writer', async () => {
  const res = await exportPost(
    ajaxRequest('/ajax/people/subscribers/export', {
      method: 'POST',
      cookie: cookieA,
      body: { view: 'all', consent: 'never_subscribed', sort: 'email_asc' },
    }),
  )
  expect(res.status).toBe(200)
  const { download } = await res.json()
  expect(download).toMatchObject({
    status: 'complete',
    rowCount: 2,
    fileName: expect.stringMatching(/^all-profiles-\d{4}-\d{2}-\d{2}\.csv$/),
  })
  const stored = await db.download.findFirstOrThrow({ where: { id: download.downloadId, companyId: A } })
  const rows = Papa.parse<string[]>(stored.content!.trim()).data
  expect(rows[0]!.slice(0, 3)).toEqual(['id', 'email', 'phone_number'])
  expect(rows.slice(1).map((r) => [r[0], r[1], r[11]])).toEqual([
    [ids.never, 'alice@a.test', 'never_subscribed'],
    [ids.phoneOnly, '', 'never_subscribed'],
  ])
  // Subscribers by default; B's export has only B's people; the support role may read people but not export emails.
  const def = await (
    await exportPost(ajaxRequest('/ajax/people/subscribers/export', { method: 'POST', cookie: cookieA, body: {} }))
  ).json()
  expect(def.download).toMatchObject({ rowCount: 3, fileName: expect.stringMatching(/^email-subscribers-/) })
  const b = await (
    await exportPost(
      ajaxRequest('/ajax/people/subscribers/export', { method: 'POST', cookie: cookieB, body: { view: 'all' } }),
    )
  ).json()
  expect(b.download.rowCount).toBe(1)
  expect(
    (
      await exportPost(
        ajaxRequest('/ajax/people/subscribers/export', { method: 'POST', cookie: cookieA, body: { view: 'x' } }),
      )
    ).status,
  ).toBe(400)
  expect(
    (await exportPost(ajaxRequest('/ajax/people/subscribers/export', { method: 'POST', cookie: analystA, body: {} })))
      .status,
  ).toBe(403)
})
