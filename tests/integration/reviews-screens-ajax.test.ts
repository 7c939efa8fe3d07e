/** @jest-environment node */
// The /ajax calls of the reviews screens built in issue 24 §1 (settings, Q&A, product groups,
// CSV import, orders, performance) and the /client endpoints they feed: settings are validated
// (400 with field errors) and reach the widget and moderation; a question of another company is
// neither read nor answered; a product group shares its reviews in /client/reviews and the
// report; an import reports errors per row and a re-import changes nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { ulid } from '@/lib/ids/make-id'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { ingestEvents } from '@/lib/events/ingest-events'
import { recordReviewRequest } from '@/lib/reviews/review-request-context'
import * as settingsRoute from '@/app/ajax/reviews/settings/route'
import * as questionsRoute from '@/app/ajax/reviews/questions/route'
import * as questionRoute from '@/app/ajax/reviews/questions/[id]/route'
import * as groupsRoute from '@/app/ajax/reviews/product-groups/route'
import * as groupRoute from '@/app/ajax/reviews/product-groups/[id]/route'
import * as importRoute from '@/app/ajax/reviews/import/route'
import * as previewRoute from '@/app/ajax/reviews/import/preview/route'
import * as ordersRoute from '@/app/ajax/reviews/orders/route'
import * as performanceRoute from '@/app/ajax/reviews/performance/route'
import * as clientQuestions from '@/app/client/review-questions/route'
import * as clientWidget from '@/app/client/review-widget-settings/route'
import * as clientReviews from '@/app/client/reviews/route'
import * as clientReport from '@/app/client/review-values-reports/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let A: { id: number; publicApiKey: string }
let B: { id: number; publicApiKey: string }
let cookieA: string, cookieB: string, cookieAnalyst: string

type Handler = (req: Request, ctx?: never) => Promise<Response>
async function call(
  handler: unknown,
  path: string,
  cookie: string,
  init: { method?: string; body?: unknown; id?: string } = {},
) {
  const res = await (handler as Handler)(
    ajaxRequest(path, { cookie, method: init.method, body: init.body }),
    (init.id ? params({ id: init.id }) : undefined) as never,
  )
  return { status: res.status, json: await res.json() }
}
async function client(handler: unknown, path: string, key: string, method = 'GET', body?: unknown) {
  resetRateLimits()
  const sep = path.includes('?') ? '&' : '?'
  const res = await (handler as Handler)(
    new Request(`http://localhost:3000${path}${sep}company_id=${key}`, {
      method,
      headers: { 'content-type': 'application/json', revision: '2026-07-15' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

async function item(companyId: number, ext: string) {
  await db.catalogItem.create({ data: { id: `${companyId}-${ext}`, companyId, externalId: ext, title: `Item ${ext}` } })
}
async function review(companyId: number, ext: string, rating: number, status = 'published') {
  await db.review.create({
    data: {
      id: ulid(),
      companyId,
      catalogItemId: `${companyId}-${ext}`,
      productKey: `${companyId}-${ext}`,
      productExternalId: ext,
      rating,
      body: `About ${ext}`,
      authorName: 'Ana',
      authorEmail: 'ana@x.test',
      status,
    },
  })
}

beforeAll(async () => {
  A = await makeCompany()
  B = await makeCompany()
  for (const c of [A, B]) await setFeatureFlag(c.id, 'is_reviews_enabled', true)
  cookieA = await signIn((await makeUser({ companyId: A.id })).id, A.id)
  cookieB = await signIn((await makeUser({ companyId: B.id })).id, B.id)
  cookieAnalyst = await signIn((await makeUser({ companyId: A.id, role: 'analyst' })).id, A.id)
  for (const ext of ['RED', 'BLUE', 'CAP']) await item(A.id, ext)
  await item(B.id, 'BOOT')
})

test('settings: defaults, validated (400 with field errors), saved per company, served to the widget, used by moderation', async () => {
  const d = await call(settingsRoute.GET, '/ajax/reviews/settings', cookieA)
  expect(d.json.general).toEqual({ autoPublishMinRating: 1, moderation: 'auto', blockedWords: [] })
  expect(d.json.widgets.product_reviews.starColor).toBe('#b7791f')

  const style = {
    textColor: '#111111',
    backgroundColor: '#fff',
    accentColor: '#2f6bd8',
    starColor: '#ff0000',
    layout: 'grid',
  }
  const bad = [
    { general: { autoPublishMinRating: 6, moderation: 'auto', blockedWords: [] } },
    { general: { autoPublishMinRating: 3, moderation: 'sometimes', blockedWords: [] } },
    { widget: { type: 'product_reviews', style: { ...style, starColor: 'red;background:url(x)' } } },
    { widget: { type: 'nope', style } },
    { widget: { type: 'carousel', style: { ...style, layout: 'spiral' } } },
    {},
  ]
  for (const body of bad) {
    const r = await call(settingsRoute.PATCH, '/ajax/reviews/settings', cookieA, { method: 'PATCH', body })
    expect([r.status, body]).toEqual([400, body])
  }
  expect(await db.reviewWidgetSettings.count()).toBe(0)
  expect(
    (
      await call(settingsRoute.PATCH, '/ajax/reviews/settings', cookieAnalyst, {
        method: 'PATCH',
        body: { widget: { type: 'carousel', style } },
      })
    ).status,
  ).toBe(403)

  const ok = await call(settingsRoute.PATCH, '/ajax/reviews/settings', cookieA, {
    method: 'PATCH',
    body: {
      widget: { type: 'product_reviews', style },
      general: { autoPublishMinRating: 4, moderation: 'auto', blockedWords: ['Meh'] },
    },
  })
  expect(ok.status).toBe(200)
  expect(ok.json.widgets.product_reviews).toEqual(style)
  const w = await client(clientWidget.GET, '/client/review-widget-settings', A.publicApiKey)
  expect(w.json.data.attributes.widgets.product_reviews.starColor).toBe('#ff0000')
  const wb = await client(clientWidget.GET, '/client/review-widget-settings', B.publicApiKey)
  expect(wb.json.data.attributes.widgets.product_reviews.starColor).toBe('#b7791f')

  // the company's moderation: 3 stars waits (minimum 4), a blocked word waits, a clean 5 is shown
  const submit = (rating: number, content: string, order: string) =>
    client(clientReviews.POST, '/client/reviews', A.publicApiKey, 'POST', {
      data: {
        type: 'review',
        attributes: {
          review_type: 'review',
          email: 'zoe@x.test',
          author: 'Zoe',
          content,
          rating,
          product: { external_id: 'CAP', integration_key: '$custom' },
        },
        relationships: { order: { data: { type: 'order', id: order } } },
      },
    })
  expect((await submit(3, 'Fine cap', 'o1')).status).toBe(202)
  expect((await submit(5, 'meh really', 'o2')).status).toBe(202)
  expect((await submit(5, 'Great cap', 'o3')).status).toBe(202)
  const rows = await db.review.findMany({
    where: { companyId: A.id, productExternalId: 'CAP' },
    orderBy: { orderKey: 'asc' },
  })
  expect(rows.map((r) => [r.orderKey, r.status])).toEqual([
    ['o1', 'pending'],
    ['o2', 'pending'],
    ['o3', 'published'],
  ])
  await db.review.deleteMany({ where: { companyId: A.id, productExternalId: 'CAP' } })
})

test('Q&A: a shopper asks through /client, the merchant answers and publishes; another company can neither read nor answer it', async () => {
  const ask = (key: string, ext: string, question = 'Is it dishwasher safe?') =>
    client(clientQuestions.POST, '/client/review-questions', key, 'POST', {
      data: {
        type: 'review-question',
        attributes: { email: 'q@x.test', author: 'Quinn', question, product: { external_id: ext } },
      },
    })
  expect((await ask(A.publicApiKey, 'RED')).status).toBe(202)
  // B's product through A's key, and bad input: 400, nothing written
  expect((await ask(A.publicApiKey, 'BOOT')).status).toBe(400)
  expect((await ask(A.publicApiKey, 'RED', ' ')).status).toBe(400)
  expect((await ask(A.publicApiKey, 'RED', 'x'.repeat(1001))).status).toBe(400)
  expect(await db.reviewQuestion.count()).toBe(1)

  const list = await call(questionsRoute.GET, '/ajax/reviews/questions?status=pending', cookieA)
  expect(list.json.questions).toHaveLength(1)
  const id = list.json.questions[0].id
  expect((await call(questionsRoute.GET, '/ajax/reviews/questions', cookieB)).json.questions).toEqual([])
  expect((await call(questionRoute.GET, `/ajax/reviews/questions/${id}`, cookieB, { id })).status).toBe(404)
  const foreign = await call(questionRoute.PATCH, `/ajax/reviews/questions/${id}`, cookieB, {
    method: 'PATCH',
    id,
    body: { answer: 'Hacked', status: 'published' },
  })
  expect(foreign.status).toBe(404)
  expect(await db.reviewQuestion.findFirstOrThrow({ where: { id } })).toMatchObject({ answer: null, status: 'pending' })

  // publishing without an answer is refused; with one it reaches the widget
  const noAnswer = await call(questionRoute.PATCH, `/ajax/reviews/questions/${id}`, cookieA, {
    method: 'PATCH',
    id,
    body: { status: 'published' },
  })
  expect(noAnswer.status).toBe(400)
  const published = await call(questionRoute.PATCH, `/ajax/reviews/questions/${id}`, cookieA, {
    method: 'PATCH',
    id,
    body: { answer: 'Yes, <b>top rack</b>.', status: 'published' },
  })
  expect(published.json).toMatchObject({ status: 'published', answer: 'Yes, <b>top rack</b>.' })
  const widget = await client(clientQuestions.GET, '/client/review-questions?product_id=RED', A.publicApiKey)
  expect(widget.json.data.map((q: { attributes: { answer: string } }) => q.attributes.answer)).toEqual([
    'Yes, <b>top rack</b>.',
  ])
  expect(
    (await client(clientQuestions.GET, '/client/review-questions?product_id=RED', B.publicApiKey)).json.data,
  ).toEqual([])
})

test('product groups: products of a group share reviews in /client/reviews and the report; one group per product; tenancy', async () => {
  await review(A.id, 'RED', 5)
  await review(A.id, 'BLUE', 3)
  const bad = await call(groupsRoute.POST, '/ajax/reviews/product-groups', cookieA, {
    method: 'POST',
    body: { name: 'Mugs', catalogItemIds: [`${A.id}-RED`, `${B.id}-BOOT`] },
  })
  expect(bad.status).toBe(400)
  const created = await call(groupsRoute.POST, '/ajax/reviews/product-groups', cookieA, {
    method: 'POST',
    body: { name: 'Mugs', catalogItemIds: [`${A.id}-RED`, `${A.id}-BLUE`] },
  })
  expect(created.status).toBe(201)
  const gid = created.json.id
  const again = await call(groupsRoute.POST, '/ajax/reviews/product-groups', cookieA, {
    method: 'POST',
    body: { name: 'Other', catalogItemIds: [`${A.id}-RED`] },
  })
  expect(again.status).toBe(400)

  const filter = encodeURIComponent('equals(product_external_ids,"RED")')
  const reviews = await client(clientReviews.GET, `/client/reviews?filter=${filter}`, A.publicApiKey)
  expect(reviews.json.data).toHaveLength(2)
  const report = await client(
    clientReport.GET,
    `/client/review-values-reports?group_by=product_id&statistics=average_rating,total_reviews&filter=${filter}`,
    A.publicApiKey,
  )
  expect(report.json.data[0].attributes.results).toEqual([
    { groupings: { product_id: 'RED' }, statistics: { average_rating: 4, total_reviews: 2 } },
  ])

  expect((await call(groupRoute.GET, `/ajax/reviews/product-groups/${gid}`, cookieB, { id: gid })).status).toBe(404)
  expect(
    (await call(groupRoute.DELETE, `/ajax/reviews/product-groups/${gid}`, cookieB, { method: 'DELETE', id: gid }))
      .status,
  ).toBe(404)
  const one = await call(groupRoute.PUT, `/ajax/reviews/product-groups/${gid}`, cookieA, {
    method: 'PUT',
    id: gid,
    body: { name: 'Red only', catalogItemIds: [`${A.id}-RED`] },
  })
  expect(one.json.products.map((p: { externalId: string }) => p.externalId)).toEqual(['RED'])
  expect((await client(clientReviews.GET, `/client/reviews?filter=${filter}`, A.publicApiKey)).json.data).toHaveLength(
    1,
  )
  expect(
    (await call(groupRoute.DELETE, `/ajax/reviews/product-groups/${gid}`, cookieA, { method: 'DELETE', id: gid }))
      .status,
  ).toBe(200)
  expect(await db.reviewProductGroupMember.count()).toBe(0)
})

test('CSV import: preview with errors per row, import of the good rows, a re-import changes nothing', async () => {
  const csv = [
    'Review ID,SKU,Stars,Headline,Text,Name,Date',
    'r1,RED,5,Lovely,"Holds a lot, really",Ana,2026-01-05',
    'r2,RED,7,,Too many stars,Bo,',
    'r3,NOPE,4,,Unknown product,Cy,',
    'r4,BLUE,2,,"<script>x</script>",Di,not-a-date',
    'r5,BLUE,4,,,Ed,',
    'r1,BLUE,4,,Same source id again,Fa,',
    'r6,BLUE,4,,Fine,Gu,',
  ].join('\n')
  const mapping = [
    { field: 'source_id', column: 'Review ID' },
    { field: 'product_id', column: 'SKU' },
    { field: 'rating', column: 'Stars' },
    { field: 'title', column: 'Headline' },
    { field: 'body', column: 'Text' },
    { field: 'author', column: 'Name' },
    { field: 'created', column: 'Date' },
  ]
  const before = await db.review.count({ where: { companyId: A.id } })
  const missingMap = await call(previewRoute.POST, '/ajax/reviews/import/preview', cookieA, {
    method: 'POST',
    body: { csv, mapping: mapping.filter((m) => m.field !== 'rating') },
  })
  expect(missingMap.status).toBe(400)
  const wrongColumn = await call(previewRoute.POST, '/ajax/reviews/import/preview', cookieA, {
    method: 'POST',
    body: { csv, mapping: [...mapping.slice(1), { field: 'source_id', column: 'Nope' }] },
  })
  expect(wrongColumn.status).toBe(400)

  const preview = await call(previewRoute.POST, '/ajax/reviews/import/preview', cookieA, {
    method: 'POST',
    body: { csv, mapping },
  })
  expect(preview.status).toBe(200)
  expect(preview.json).toMatchObject({ total: 7, valid: 2, invalid: 5, alreadyImported: 0 })
  const errs = Object.fromEntries(
    preview.json.errors.map((e: { line: number; errors: object }) => [e.line, Object.keys(e.errors)]),
  )
  expect(errs).toEqual({ 3: ['rating'], 4: ['product_id'], 5: ['created'], 6: ['body'], 7: ['source_id'] })
  expect(await db.review.count({ where: { companyId: A.id } })).toBe(before)

  const first = await call(importRoute.POST, '/ajax/reviews/import', cookieA, {
    method: 'POST',
    body: { csv, mapping },
  })
  expect(first.json).toMatchObject({ created: 2, unchanged: 0 })
  expect(first.json.failed.map((f: { line: number }) => f.line)).toEqual([3, 4, 5, 6, 7])
  const imported = await db.review.findMany({
    where: { companyId: A.id, importSourceId: { not: null } },
    orderBy: { importSourceId: 'asc' },
  })
  expect(imported.map((r) => [r.importSourceId, r.productExternalId, r.rating, r.body, r.status])).toEqual([
    ['r1', 'RED', 5, 'Holds a lot, really', 'published'],
    ['r6', 'BLUE', 4, 'Fine', 'published'],
  ])
  expect(imported[0]!.createdAt.toISOString()).toBe('2026-01-05T00:00:00.000Z')

  const second = await call(importRoute.POST, '/ajax/reviews/import', cookieA, {
    method: 'POST',
    body: { csv, mapping },
  })
  expect(second.json).toMatchObject({ created: 0, unchanged: 2 })
  const after = await db.review.findMany({
    where: { companyId: A.id, importSourceId: { not: null } },
    orderBy: { importSourceId: 'asc' },
  })
  expect(after.map((r) => [r.id, r.updatedAt.getTime()])).toEqual(imported.map((r) => [r.id, r.updatedAt.getTime()]))
  // the same file in company B: its own rows (source ids are per company), B's catalog lacks the products
  const inB = await call(importRoute.POST, '/ajax/reviews/import', cookieB, { method: 'POST', body: { csv, mapping } })
  expect(inB.json.created).toBe(0)
})

test('orders and performance: Placed Orders with their request state; requests and their conversion per month', async () => {
  await ingestEvents(A.id, [
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'o1@x.test' },
      properties: { OrderId: 'A-1', Items: [{ ProductID: 'RED' }] },
      uniqueId: 'A-1',
    },
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'o2@x.test' },
      properties: { OrderId: 'A-2', Items: [{ ProductID: 'BLUE' }] },
      uniqueId: 'A-2',
    },
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'o3@x.test' },
      properties: { OrderId: 'A-3', Items: [{ ProductID: 'BLUE' }] },
      uniqueId: 'A-3',
    },
  ])
  const p1 = await db.profile.findFirstOrThrow({ where: { companyId: A.id, email: 'o1@x.test' } })
  const p2 = await db.profile.findFirstOrThrow({ where: { companyId: A.id, email: 'o2@x.test' } })
  const now = new Date()
  await recordReviewRequest({ companyId: A.id, profileId: p1.id, orderKey: 'A-1', productExternalId: 'RED' }, 'S1', now)
  await recordReviewRequest(
    { companyId: A.id, profileId: p2.id, orderKey: 'A-2', productExternalId: 'BLUE' },
    'S2',
    now,
  )
  const r = await db.review.findFirstOrThrow({ where: { companyId: A.id, productExternalId: 'RED' } })
  await db.review.updateMany({ where: { id: r.id }, data: { orderKey: 'A-1' } })
  await db.reviewRequest.updateMany({ where: { companyId: A.id, orderKey: 'A-1' }, data: { reviewId: r.id } })

  const orders = await call(ordersRoute.GET, '/ajax/reviews/orders?limit=2', cookieA)
  expect(orders.json.orders.map((o: { orderKey: string; state: string }) => [o.orderKey, o.state])).toEqual([
    ['A-3', 'not_requested'],
    ['A-2', 'requested'],
  ])
  const more = await call(ordersRoute.GET, `/ajax/reviews/orders?limit=2&before=${orders.json.next}`, cookieA)
  expect(more.json.orders.map((o: { orderKey: string; state: string }) => [o.orderKey, o.state])).toEqual([
    ['A-1', 'reviewed'],
  ])
  expect((await call(ordersRoute.GET, '/ajax/reviews/orders', cookieB)).json.orders).toEqual([])

  const perf = await call(performanceRoute.GET, '/ajax/reviews/performance', cookieA)
  expect(perf.json.months).toHaveLength(12)
  expect(perf.json.totals).toMatchObject({ requests: 2, answered: 1, conversion: 0.5 })
  const thisMonth = perf.json.months[11]
  expect(thisMonth.month).toBe(now.toISOString().slice(0, 7))
  expect(thisMonth).toMatchObject({ requests: 2, answered: 1, conversion: 0.5 })
  expect((await call(performanceRoute.GET, '/ajax/reviews/performance', cookieB)).json.totals.requests).toBe(0)
})

test('the flag closes the new calls', async () => {
  await setFeatureFlag(B.id, 'is_reviews_enabled', false)
  for (const h of [settingsRoute.GET, questionsRoute.GET, groupsRoute.GET, ordersRoute.GET, performanceRoute.GET])
    expect((await call(h, '/ajax/reviews/x', cookieB)).status).toBe(404)
  await setFeatureFlag(B.id, 'is_reviews_enabled', true)
})
