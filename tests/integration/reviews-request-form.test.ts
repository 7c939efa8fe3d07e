/** @jest-environment node */
// Review requests (issue 24 §1): {{ review_request_url }} in an email whose event names an order
// and a product gives a signed link per (profile, order, product) and writes the request once;
// the hosted form /reviews/write/{token} validates (400 with field errors, nothing written),
// refuses a tampered token (400), creates the review through the /client path (moderation, the
// Submitted Review event, verified buyer) and answers a second submission "already reviewed"
// (409) without changing anything.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { createItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { ingestEvents } from '@/lib/events/ingest-events'
import { extraRenderContext } from '@/lib/messaging/render-context-consumers'
import { reviewRequestToken, verifyReviewRequestToken } from '@/lib/reviews/review-request-token'
import * as formRoute from '@/app/reviews/write/[token]/route'
import { inWriteTx as writeTx } from '@/lib/db/ops'
import { createSendsOps, prepareSendQueue } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { makeCompany, params } from '../helpers/factory'

let A: number
let B: number
let profileId: string
const T0 = new Date()

const EVENT = { OrderId: '5001', Items: [{ ProductID: 'MUG', ProductName: 'Mug' }] }

async function get(token: string) {
  const res = await formRoute.GET(new Request(`http://localhost:3000/reviews/write/${token}`), params({ token }))
  return { status: res.status, html: await res.text() }
}
async function post(token: string, fields: Record<string, string>) {
  const res = await formRoute.POST(
    new Request(`http://localhost:3000/reviews/write/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    params({ token }),
  )
  return { status: res.status, html: await res.text() }
}

async function linkFor(companyId: number, pid: string, sendId: string | null = 'SEND1') {
  const ctx = await extraRenderContext(['<a href="{{ review_request_url }}">Review</a>'], {
    companyId,
    profileId: pid,
    sendId,
    context: { event: EVENT },
    now: T0,
  })
  return ctx.review_request_url as string
}
const tokenOf = (url: string) => url.split('/reviews/write/')[1]!

test('a flow email with {{ review_request_url }} is delivered with the signed link of its order and product', async () => {
  delete process.env.SMTP_URL // the local outbox
  await prepareSendQueue()
  const sourceId = 'action-review:run-1'
  await writeTx(() =>
    createSendsOps({
      companyId: A,
      channel: 'email',
      sourceType: 'flow_action_run',
      transactional: true,
      content: {
        subject: 'How was it?',
        html: '<p><a href="{{ review_request_url }}">Write a review</a></p>',
        text: 'Review: {{ review_request_url }}',
        fromEmail: 'shop@example.test',
      },
      recipients: [{ sourceId, profileId, context: { event: EVENT } }],
    }),
  )
  await deliverSends({ companyId: A, channel: 'email', sourceType: 'flow_action_run', sourceIds: [sourceId] })
  const mail = await db.outboxMail.findFirstOrThrow({ where: { companyId: A } })
  const link = /Review: (\S+)/.exec(mail.text)![1]!
  expect(verifyReviewRequestToken(tokenOf(link))).toEqual({
    companyId: A,
    profileId,
    orderKey: '5001',
    productExternalId: 'MUG',
  })
  const request = await db.reviewRequest.findFirstOrThrow({ where: { companyId: A } })
  expect(request.sendId).toBe(mail.sendId)
  await db.reviewRequest.deleteMany({ where: { companyId: A } })
})

beforeAll(async () => {
  await prepareCatalogWrite()
  A = (await makeCompany('Form A')).id
  B = (await makeCompany('Form B')).id
  await inWriteTx(() =>
    createItemOps(
      A,
      { externalId: 'MUG', title: 'Mug <b>deluxe</b>', description: 'd', url: 'https://s/m', price: 9 },
      T0,
    ),
  )
  await ingestEvents(A, [
    {
      metric: { name: 'Ordered Product' },
      profile: { email: 'ana@example.test' },
      properties: { OrderId: '5001', ProductID: 'MUG' },
      uniqueId: '5001:1',
    },
  ])
  profileId = (await db.profile.findFirstOrThrow({ where: { companyId: A, email: 'ana@example.test' } })).id
  await db.profile.updateMany({ where: { companyId: A, id: profileId }, data: { firstName: 'Ana' } })
})

test('the variable: a signed link per (profile, order, product), the request written once; none without an order', async () => {
  const url = await linkFor(A, profileId)
  expect(url).toMatch(/^http:\/\/localhost:\d+\/reviews\/write\/[\w-]+\.[\w-]{22}$/)
  expect(verifyReviewRequestToken(tokenOf(url))).toEqual({
    companyId: A,
    profileId,
    orderKey: '5001',
    productExternalId: 'MUG',
  })
  expect(await linkFor(A, profileId, 'SEND2')).toBe(url)
  const rows = await db.reviewRequest.findMany({ where: { companyId: A } })
  expect(rows.map((r) => [r.orderKey, r.productExternalId, r.sendId, r.reviewId])).toEqual([
    ['5001', 'MUG', 'SEND1', null],
  ])
  // a preview gets the link and writes nothing; an event without an order gets no variable
  await linkFor(B, 'P-preview', null)
  expect(await db.reviewRequest.count({ where: { companyId: B } })).toBe(0)
  const none = await extraRenderContext(['{{ review_request_url }}'], {
    companyId: A,
    profileId,
    sendId: 'S3',
    context: { event: { ProductID: 'MUG' } },
    now: T0,
  })
  expect(none).toEqual({})
})

test('the form: product escaped, name pre-filled; bad input is a 400 with field errors and writes nothing', async () => {
  const token = tokenOf(await linkFor(A, profileId))
  const page = await get(token)
  expect(page.status).toBe(200)
  expect(page.html).toContain('Mug &lt;b&gt;deluxe&lt;/b&gt;')
  expect(page.html).not.toContain('<b>deluxe')
  expect(page.html).toContain('value="Ana"')

  const bad = await post(token, { rating: '6', title: 't'.repeat(201), body: '  ', name: '' })
  expect(bad.status).toBe(400)
  for (const id of ['rating-error', 'title-error', 'body-error', 'name-error']) expect(bad.html).toContain(`id="${id}"`)
  expect(bad.html).toContain('Choose a rating from 1 to 5 stars.')
  const kept = await post(token, { rating: '4', body: '<script>alert(1)</script>', name: '' })
  expect(kept.status).toBe(400)
  expect(kept.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  expect(kept.html).not.toContain('<script>alert(1)')
  expect(await db.review.count({ where: { companyId: A } })).toBe(0)
})

test('a tampered or foreign token is a 400 page and changes nothing', async () => {
  const token = tokenOf(await linkFor(A, profileId))
  const [payload, mac] = token.split('.')
  const other = Buffer.from(JSON.stringify([B, profileId, '5001', 'MUG'])).toString('base64url')
  for (const t of [`${other}.${mac}`, `${payload}.${'A'.repeat(22)}`, payload!, 'x'.repeat(2000)]) {
    expect((await get(t)).status).toBe(400)
    const r = await post(t, { rating: '5', body: 'Great', name: 'Eve' })
    expect(r.status).toBe(400)
    expect(r.html).toContain('This link does not work')
  }
  // a genuine token of a product the company does not have: 404
  const missing = reviewRequestToken({ companyId: A, profileId, orderKey: '5001', productExternalId: 'NOPE' })
  expect((await post(missing, { rating: '5', body: 'Great', name: 'Eve' })).status).toBe(404)
  expect(await db.review.count()).toBe(0)
})

test('submitted: the review through the /client path (verified, event), the request answered; twice: 409, nothing changes', async () => {
  const token = tokenOf(await linkFor(A, profileId))
  const ok = await post(token, { rating: '5', title: 'Lovely', body: 'Holds a lot of tea.', name: 'Ana P.' })
  expect(ok.status).toBe(200)
  expect(ok.html).toContain('Thank you for your review')
  const [review] = await db.review.findMany({ where: { companyId: A } })
  expect(review).toMatchObject({
    rating: 5,
    title: 'Lovely',
    body: 'Holds a lot of tea.',
    authorName: 'Ana P.',
    authorEmail: 'ana@example.test',
    orderKey: '5001',
    verified: true,
    status: 'published',
    profileId,
  })
  const request = await db.reviewRequest.findFirstOrThrow({ where: { companyId: A } })
  expect(request.reviewId).toBe(review!.id)
  const metric = await db.metric.findFirstOrThrow({ where: { companyId: A, name: 'Submitted Review' } })
  expect(await db.event.count({ where: { companyId: A, metricId: metric.id } })).toBe(1)

  const again = await post(token, { rating: '1', body: 'Changed my mind', name: 'Ana' })
  expect(again.status).toBe(409)
  expect(again.html).toContain('Already reviewed')
  expect((await get(token)).status).toBe(409)
  const after = await db.review.findMany({ where: { companyId: A } })
  expect(after.map((r) => [r.id, r.rating, r.body])).toEqual([[review!.id, 5, 'Holds a lot of tea.']])
  expect(await db.event.count({ where: { companyId: A, metricId: metric.id } })).toBe(1)
})
