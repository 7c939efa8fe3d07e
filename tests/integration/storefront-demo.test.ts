/** @jest-environment node */
// Issue 20 §4: the demo storefront is a plain shop page served by the product. It installs the
// onsite script with one tag, lists the store's published products, tracks Viewed Product with
// the vendor's property names, puts a slot in the footer for each live embedded form, escapes
// everything the catalog says, and shows one store's products only.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { makeCompany, params } from '../helpers/factory'
import { GET as home } from '@/app/storefront-demo/route'
import { GET as product } from '@/app/storefront-demo/products/[itemId]/route'

const ORIGIN = 'http://localhost:3000'
const NONCE = 'abcDEF123+/='

async function item(companyId: number, title: string, price = 25) {
  return db.catalogItem.create({
    data: {
      id: ulid(),
      companyId,
      externalId: 'SKU-' + title.length + '-' + ulid().slice(-4),
      title,
      price,
      imageFullUrl: '/catalog-image/x',
      description: 'Soft & warm <b>wool</b>',
    },
  })
}

const get = (path: string) =>
  new Request(ORIGIN + path, {
    headers: { 'content-security-policy': `script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'` },
  })

test('the home page loads the script once with the company key and the nonce, and lists published products escaped', async () => {
  const c = await makeCompany()
  const key = (await db.company.findUniqueOrThrow({ where: { id: c.id } })).publicApiKey
  await item(c.id, 'Merino <script>alert(1)</script> scarf')
  await db.catalogItem.create({
    data: { id: ulid(), companyId: c.id, externalId: 'HIDDEN', title: 'Unpublished thing', published: false },
  })
  const res = await home(get(`/storefront-demo?company_id=${key}`))
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/text\/html/)
  const page = await res.text()
  expect(page.match(/<script async src="\/onsite\/js\/klaviyo\.js\?company_id=[^"]+"/g)).toEqual([
    `<script async src="/onsite/js/klaviyo.js?company_id=${key}"`,
  ])
  expect(page).toContain(`nonce="${NONCE}"`)
  expect(page).toContain('Merino &lt;script&gt;alert(1)&lt;/script&gt; scarf')
  expect(page).not.toContain('<script>alert(1)')
  expect(page).not.toContain('Unpublished thing')
})

test('a product page tracks Viewed Product with the vendor property names, JSON-escaped inside its script', async () => {
  const c = await makeCompany()
  const key = (await db.company.findUniqueOrThrow({ where: { id: c.id } })).publicApiKey
  const it = await item(c.id, 'Scarf </script><script>alert(2)</script>', 49.5)
  const res = await product(get(`/storefront-demo/products/${it.id}?company_id=${key}`), params({ itemId: it.id }))
  expect(res.status).toBe(200)
  const page = await res.text()
  const inline = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(page)![1]!
  expect(inline).toContain("klaviyo.push(['track','Viewed Product'")
  expect(inline).toContain("'Added to Cart'")
  expect(inline).toContain(
    '"ProductName":"Scarf \\u003c/script\\u003e\\u003cscript\\u003ealert(2)\\u003c/script\\u003e"',
  )
  expect(inline).toContain(`"ProductID":"${it.externalId}"`)
  expect(inline).toContain('"Price":49.5')
  expect(page).toContain('Soft &amp; warm &lt;b&gt;wool&lt;/b&gt;')
})

test('each live embedded form gets its slot; drafts and popups do not', async () => {
  const c = await makeCompany()
  const key = (await db.company.findUniqueOrThrow({ where: { id: c.id } })).publicApiKey
  await db.form.createMany({
    data: [
      { id: 'EmbLiv', companyId: c.id, name: 'Footer', status: 'live', formType: 'embed' },
      { id: 'EmbDrf', companyId: c.id, name: 'Draft', status: 'draft', formType: 'embed' },
      { id: 'PopLiv', companyId: c.id, name: 'Popup', status: 'live', formType: 'popup' },
    ],
  })
  const page = await (await home(get(`/storefront-demo?company_id=${key}`))).text()
  expect(page).toContain('<div class="klaviyo-form-EmbLiv"></div>')
  expect(page).not.toContain('klaviyo-form-EmbDrf')
  expect(page).not.toContain('klaviyo-form-PopLiv')
})

test("one store's product is not found on another store's pages; unknown stores are 404", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const keyB = (await db.company.findUniqueOrThrow({ where: { id: b.id } })).publicApiKey
  const it = await item(a.id, 'Only in A')
  expect(
    (await product(get(`/storefront-demo/products/${it.id}?company_id=${keyB}`), params({ itemId: it.id }))).status,
  ).toBe(404)
  expect((await home(get('/storefront-demo?company_id=NOPE42'))).status).toBe(404)
})
