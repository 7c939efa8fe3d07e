/** @jest-environment node */
// Product blocks and recommendations in templates against hand-made catalogs and events: the
// catalog block (by literal id, by the event's ProductID, for each cart item, else-branch for an
// unknown or unpublished id), the ready-made product_block card, recommendations (recently
// viewed, best sellers over 30 days, frequently bought together, newest) with their fallbacks,
// text mode, a template without catalog tags (no data loaded), and company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { ulid } from '@/lib/ids/make-id'
import { renderTemplate } from '@/lib/templates/render-template'
import { validateTemplate } from '@/lib/templates/validate-template'
import { prepareCatalogRender, scanTemplate } from '@/lib/catalog/catalog-prerender'
import { clearRecommendationCache } from '@/lib/catalog/recommendations'

const NOW = new Date('2026-11-20T12:00:00Z')
const sec = (d: Date) => Math.floor(d.getTime() / 1000)
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86400_000)
let cid: number
let other: number
const profiles: Record<string, string> = {}

async function item(
  companyId: number,
  externalId: string,
  o: { title?: string; price?: number; published?: boolean; createdAt?: Date } = {},
) {
  await db.catalogItem.create({
    data: {
      id: ulid(),
      companyId,
      externalId,
      title: o.title ?? `Item ${externalId}`,
      price: o.price ?? 10,
      url: `https://shop.test/p/${externalId}`,
      imageFullUrl: `https://shop.test/img/${externalId}.jpg`,
      published: o.published ?? true,
      createdAt: o.createdAt ?? daysAgo(100),
      customMetadata: JSON.stringify({ color: 'red' }),
    },
  })
}

async function metric(companyId: number, name: string) {
  return (await db.metric.create({ data: { id: ulid(), companyId, name } })).id
}

async function event(
  companyId: number,
  metricId: string,
  profileId: string,
  at: Date,
  properties: Record<string, unknown>,
) {
  await db.event.create({
    data: { companyId, metricId, profileId, ts: sec(at), properties: JSON.stringify(properties) },
  })
}

beforeAll(async () => {
  cid = (await makeCompany('Products')).id
  other = (await makeCompany('Other products')).id
  for (const [id, title, price] of [
    ['A', 'Alpha mug', 12.5],
    ['B', 'Beta tee', 20],
    ['C', 'Gamma cap', 15],
    ['D', 'Delta sock', 5],
    ['E', 'Eps bag', 40],
  ] as const) {
    await item(cid, id, { title, price })
  }
  await item(cid, 'HIDDEN', { title: 'Hidden', published: false })
  await item(cid, 'NEW1', { title: 'Brand new', createdAt: daysAgo(1) })
  await item(other, 'SECRET', { title: 'Other company item' })
  for (const name of ['viewer', 'buyer', 'nobody']) {
    profiles[name] = (
      await db.profile.create({ data: { id: 'Prf' + name, companyId: cid, email: `${name}@x.test` } })
    ).id
  }
  const viewed = await metric(cid, 'Viewed Product')
  const placed = await metric(cid, 'Placed Order')
  await event(cid, viewed, profiles.viewer!, daysAgo(3), { ProductID: 'C' })
  await event(cid, viewed, profiles.viewer!, daysAgo(2), { ProductID: 'A' })
  await event(cid, viewed, profiles.viewer!, daysAgo(1), { ProductID: 'HIDDEN' })
  // orders: B sold most in 30 days (3), then D (2); E only 60 days ago (not a best seller, but counted for together)
  await event(cid, placed, profiles.buyer!, daysAgo(5), {
    Items: [{ ProductID: 'B', Quantity: 2 }, { ProductID: 'D' }],
  })
  await event(cid, placed, profiles.buyer!, daysAgo(6), { Items: [{ ProductID: 'B' }, { ProductID: 'D' }] })
  await event(cid, placed, profiles.buyer!, daysAgo(60), { Items: [{ ProductID: 'A' }, { ProductID: 'E' }] })
  await event(cid, placed, profiles.buyer!, daysAgo(61), {
    Items: [{ ProductID: 'A' }, { ProductID: 'E' }, { ProductID: 'C' }],
  })
  clearRecommendationCache()
})

async function render(
  source: string,
  o: { profile?: string; event?: Record<string, unknown>; mode?: 'html' | 'text'; company?: number } = {},
) {
  const context: Record<string, unknown> = { event: o.event ?? {}, first_name: 'Ada' }
  const pre = await prepareCatalogRender({
    companyId: o.company ?? cid,
    sources: [source],
    context,
    assignKey: null,
    profileId: o.profile ?? null,
    now: NOW,
  })
  if (!pre.ok) throw new Error(pre.error)
  return renderTemplate(source, { ...context, ...pre.context }, { mode: o.mode ?? 'text', now: NOW })
}

test('the catalog tags parse and validate; a bad kind or count is a syntax error', () => {
  expect(
    validateTemplate(
      "{% catalog event.ProductID %}{{ catalog_item.title }}{% else %}none{% endcatalog %}{% product_block 'A' %}{% recommendations 'best_sellers' 3 %}{% for p in products %}{{ p.title }}{% endfor %}{% endrecommendations %}{% coupon_code 'X' %}",
    ),
  ).toEqual({ valid: true, errors: [] })
  expect(validateTemplate("{% recommendations 'cheapest' 3 %}{% endrecommendations %}").errors.length).toBeGreaterThan(
    0,
  )
  expect(validateTemplate("{% product_recommendations 'newest' 40 %}").errors.length).toBeGreaterThan(0)
  expect(validateTemplate('{% coupon_code WELCOME %}').errors.length).toBeGreaterThan(0)
  expect(scanTemplate(['{{ first_name }}'])).toMatchObject({
    catalog: false,
    coupons: new Set(),
    recommendations: new Set(),
    feeds: new Set(),
  })
})

test('catalog block: literal id, the event ProductID, each cart item, else for unknown / unpublished / other company', async () => {
  expect(
    await render(
      "{% catalog 'A' %}{{ catalog_item.title }} {{ catalog_item.price|floatformat:2 }} {{ catalog_item.url }} {{ catalog_item.featured_image.full.src }} {{ catalog_item.metadata.color }}{% endcatalog %}",
    ),
  ).toBe('Alpha mug 12.50 https://shop.test/p/A https://shop.test/img/A.jpg red')
  expect(await render("{% catalog '$custom:::$default:::B' %}{{ catalog_item.title }}{% endcatalog %}")).toBe(
    'Beta tee',
  )
  expect(
    await render('{% catalog event.ProductID %}{{ catalog_item.title }}{% endcatalog %}', {
      event: { ProductID: 'C' },
    }),
  ).toBe('Gamma cap')
  expect(
    await render(
      '{% for i in event.Items %}[{% catalog i.ProductID %}{{ catalog_item.title }}{% else %}?{% endcatalog %}]{% endfor %}',
      { event: { Items: [{ ProductID: 'D' }, { ProductID: 'ZZZ' }, { ProductID: 'E' }] } },
    ),
  ).toBe('[Delta sock][?][Eps bag]')
  expect(await render("{% catalog 'HIDDEN' %}shown{% else %}not published{% endcatalog %}")).toBe('not published')
  expect(await render("{% catalog 'SECRET' %}leak{% else %}none{% endcatalog %}")).toBe('none')
  expect(await render("{% catalog 'A' %}{{ catalog_item.title }}{% endcatalog %}", { company: other })).toBe('')
})

test('product_block: an HTML card (escaped) and a text line; nothing for an unknown id', async () => {
  await db.catalogItem.updateMany({ where: { companyId: cid, externalId: 'E' }, data: { title: 'Eps <bag> & co' } })
  clearRecommendationCache(cid)
  const html = await render('{% product_block event.ProductID %}', { event: { ProductID: 'E' }, mode: 'html' })
  expect(html).toContain('<img src="https://shop.test/img/E.jpg" alt="Eps &lt;bag&gt; &amp; co"')
  expect(html).toContain('href="https://shop.test/p/E"')
  expect(html).toContain('$40.00')
  expect(await render('{% product_block event.ProductID %}', { event: { ProductID: 'E' } })).toBe(
    'Eps <bag> & co — $40.00 (https://shop.test/p/E)',
  )
  expect(await render("{% product_block 'NOPE' %}")).toBe('')
  await db.catalogItem.updateMany({ where: { companyId: cid, externalId: 'E' }, data: { title: 'Eps bag' } })
  clearRecommendationCache(cid)
})

const titles = (kind: string, n: number) =>
  `{% recommendations '${kind}' ${n} %}{% for p in products %}{{ p.id }}{% if not forloop.last %},{% endif %}{% endfor %}{% else %}none{% endrecommendations %}`

test('recommendations: recently viewed (published only, newest first), filled from best sellers then newest', async () => {
  expect(await render(titles('recently_viewed', 2), { profile: profiles.viewer })).toBe('A,C')
  expect(await render(titles('recently_viewed', 5), { profile: profiles.viewer })).toBe('A,C,B,D,NEW1')
  // no history: best sellers, then newest
  expect(await render(titles('recently_viewed', 3), { profile: profiles.nobody })).toBe('B,D,NEW1')
})

test('recommendations: best sellers over 30 days by quantity, frequently bought together from order co-occurrence', async () => {
  expect(await render(titles('best_sellers', 2))).toBe('B,D')
  expect(await render(titles('best_sellers', 4))).toBe('B,D,NEW1,E') // newest: NEW1, then the items made last
  // bought with A: E (twice), C (once); the basis item itself is never recommended
  expect(await render(titles('frequently_bought_together', 2), { event: { ProductID: 'A' } })).toBe('E,C')
  // no event: the profile's recently viewed items are the basis (A, C → E first)
  expect(await render(titles('frequently_bought_together', 1), { profile: profiles.viewer })).toBe('E')
  expect(await render(titles('newest', 1))).toBe('NEW1')
  // the ready-made row of cards
  const row = await render("{% product_recommendations 'best_sellers' 2 %}", { mode: 'html' })
  expect(row).toContain('class="product-recommendations"')
  expect(row.match(/class="product-block"/g)).toHaveLength(2)
})

test('a company without any catalog: recommendations fall to the else branch, nothing else breaks', async () => {
  const empty = (await makeCompany('Empty')).id
  expect(await render(titles('best_sellers', 3), { company: empty })).toBe('none')
  expect(await render('Hi {{ first_name }}', { company: empty })).toBe('Hi Ada')
})
