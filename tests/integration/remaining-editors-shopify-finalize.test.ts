/** @jest-environment node */
// Issue 27: /reviews/shopify/finalize through GET and POST /ajax/reviews/shopify/finalize. The
// checks read the real connection, install and flag rows; reviews turn on only after the shop is
// connected and the script has pinged (409 before, with what is missing); the step itself works
// while the reviews flag is off; each company sees its own checks; a role without reviews
// access is refused, and only a reviews writer turns them on.
import { useTestDatabase } from '../helpers/test-db'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { saveConnection } from '@/lib/integrations/connections'
import { isFlagOn } from '@/lib/flags/get-feature-flags'
import { GET, POST } from '@/app/ajax/reviews/shopify/finalize/route'

useTestDatabase()
jest.setTimeout(30_000)

const get = async (cookie: string) => {
  const res = await GET(ajaxRequest('/ajax/reviews/shopify/finalize', { cookie }))
  return { status: res.status, json: await res.json() }
}
const post = async (cookie: string) => {
  const res = await POST(ajaxRequest('/ajax/reviews/shopify/finalize', { method: 'POST', cookie, body: {} }))
  return { status: res.status, json: await res.json() }
}

test('the checks, in order: connect the shop, see the script, then reviews turn on; tenancy and roles', async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const owner = await makeUser({ companyId: a.id })
  const cookie = await signIn(owner.id, a.id)
  expect(await isFlagOn(a.id, 'is_reviews_enabled')).toBe(false)

  let r = await get(cookie)
  expect(r.status).toBe(200)
  expect(r.json.finalize).toMatchObject({
    shopify: { state: 'todo', shop: null },
    script: { state: 'todo', origins: [] },
    reviews: { state: 'todo' },
    imported: { count: 0 },
    ready: false,
  })
  let p = await post(cookie)
  expect(p.status).toBe(409)
  expect(p.json.message).toMatch(/Connect your Shopify store/)

  await saveConnection({ companyId: a.id, key: 'shopify', externalKey: 'a-shop.myshopify.com', credentials: {} })
  r = await get(cookie)
  expect(r.json.finalize.shopify).toMatchObject({ state: 'done', shop: 'a-shop.myshopify.com' })
  p = await post(cookie)
  expect(p.status).toBe(409)
  expect(p.json.message).toMatch(/onsite script/)
  expect(await isFlagOn(a.id, 'is_reviews_enabled')).toBe(false)

  // A failing connection is shown as failed with its error (the retry reads it again).
  await db.integration.updateMany({
    where: { companyId: a.id, key: 'shopify' },
    data: { status: 'error', lastError: 'Invalid API key' },
  })
  r = await get(cookie)
  expect(r.json.finalize.shopify).toMatchObject({ state: 'failed', error: 'Invalid API key' })
  await db.integration.updateMany({ where: { companyId: a.id, key: 'shopify' }, data: { status: 'connected' } })

  // Company B's script pings do not count for A.
  await db.onsiteInstall.create({ data: { companyId: b.id, origin: 'https://b-shop.example' } })
  expect((await get(cookie)).json.finalize.script.state).toBe('todo')
  await db.onsiteInstall.create({ data: { companyId: a.id, origin: 'https://a-shop.example' } })
  r = await get(cookie)
  expect(r.json.finalize).toMatchObject({ script: { state: 'done', origins: ['https://a-shop.example'] }, ready: true })

  const support = await makeUser({ companyId: a.id, role: 'support' })
  const supportCookie = await signIn(support.id, a.id)
  expect((await get(supportCookie)).status).toBe(403)
  expect((await post(supportCookie)).status).toBe(403)
  expect(await isFlagOn(a.id, 'is_reviews_enabled')).toBe(false)

  p = await post(cookie)
  expect(p.status).toBe(200)
  expect(p.json.finalize.reviews.state).toBe('done')
  expect(await isFlagOn(a.id, 'is_reviews_enabled')).toBe(true)
  expect(await isFlagOn(b.id, 'is_reviews_enabled')).toBe(false)

  // Company B's owner sees B's own, unfinished checks.
  const bOwner = await makeUser({ companyId: b.id })
  const bView = await get(await signIn(bOwner.id, b.id))
  expect(bView.json.finalize).toMatchObject({ shopify: { state: 'todo' }, reviews: { state: 'todo' } })
})
