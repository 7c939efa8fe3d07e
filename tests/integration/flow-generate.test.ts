/** @jest-environment node */
// /flows/create/with-ai and /flows/generate/{goal} (issue 27 §1): a goal read from the merchant's
// words by rule; the plan of a goal from this account's data (metrics with events, lists,
// coupons) through the real /ajax route; an unknown goal is a 404; another company's metric does
// not count as this one's.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { GET } from '@/app/ajax/flows/generate/[goal]/route'
import { goalFromText } from '@/lib/flows/generate/goals'

test.each([
  ['Welcome new subscribers to the newsletter', 'welcome'],
  ['Remind people who left items in their cart', 'abandoned_cart'],
  ['Follow up with shoppers who viewed a product', 'browse_abandonment'],
  ['Say thank you after a purchase', 'post_purchase'],
  ['Bring back lapsed customers', 'win_back'],
  ['Something unrelated', null],
])('goalFromText(%s) = %s', (text, goal) => {
  expect(goalFromText(text)).toBe(goal)
})

async function member() {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id })
  return { companyId: c.id, cookie: await signIn(u.id, c.id) }
}
const plan = (cookie: string, goal: string) =>
  GET(ajaxRequest(`/ajax/flows/generate/${goal}`, { cookie }), params({ goal }))

test('the plan reflects this account’s metrics, lists and coupons only', async () => {
  const a = await member()
  const b = await member()
  const metric = await db.metric.create({
    data: { id: randomBytes(4).toString('hex'), companyId: b.companyId, name: 'Placed Order' },
  })
  const profile = await db.profile.create({ data: { id: randomBytes(4).toString('hex'), companyId: b.companyId } })
  await db.event.create({
    data: { companyId: b.companyId, profileId: profile.id, metricId: metric.id, ts: 1, uniqueId: 'e1' },
  })
  await db.group.create({ data: { id: randomBytes(4).toString('hex'), companyId: a.companyId, name: 'News' } })

  const res = await plan(a.cookie, 'win_back')
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body).toMatchObject({ goal: 'win_back', templateKey: 'win_back', lists: 1, coupons: 0 })
  expect(body.metrics).toEqual([{ name: 'Placed Order', receivesEvents: false }])
  expect(body.steps.length).toBeGreaterThan(0)
  const other = await (await plan(b.cookie, 'win_back')).json()
  expect(other.metrics).toEqual([{ name: 'Placed Order', receivesEvents: true }])
  expect((await plan(a.cookie, 'nope')).status).toBe(404)
})
