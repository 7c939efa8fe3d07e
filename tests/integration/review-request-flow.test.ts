/** @jest-environment node */
// The review request flow end to end (issue 24 §1, Tests) on real SQLite: a Fulfilled Order goes
// through the real ingest into the "Review request after fulfilment" template flow, waits its 7
// days on an injected clock, and the send-review-request action sends ONE email (a retried
// advance, a duplicated delivery job and a second run for the same order send nothing new) with
// a star row per catalog product of the order; the 4-star link opens the real hosted form
// pre-filled, the submission is published by the moderation rules and /client/reviews shows it.
// The action's skips (no order, nothing in the catalog, all reviewed) carry their reason, and
// POST /api/flows refuses a bad delay and a missing template with pointers.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { setQueueClock } from '@/lib/jobs/clock'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { createItemOps } from '@/lib/catalog/store/items'
import { prepareCatalogWrite } from '@/lib/catalog/store/run-write'
import { ingestEvents } from '@/lib/events/ingest-events'
import { prepareSendQueue } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { createFlowFromTemplate } from '@/lib/flows/templates'
import { setActionStatuses, setFlowStatus } from '@/lib/flows/store'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { verifyReviewRequestToken } from '@/lib/reviews/review-request-token'
import { compileTemplate } from '@/lib/templates/compile-template'
import { renderTemplate } from '@/lib/templates/render-template'
import { reviewRequestSample } from '@/lib/templates/review-request-block'
import { createTemplate } from '@/lib/templates/store/save-template'
import { previewTemplate } from '@/lib/templates/store/preview-template'
import { extraRenderContext } from '@/lib/messaging/render-context-consumers'
import * as formRoute from '@/app/reviews/write/[token]/route'
import * as clientReviews from '@/app/client/reviews/route'
import { makeCompany, params } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { routeTable } from '../helpers/route-table'
import { flowApi } from './flows-api-routes'

const DAY = 86_400_000
// now: an event older than an hour at ingest is historical and triggers no flow
const T0 = new Date()
const clientTable = routeTable([['/client/reviews', clientReviews]])

let company: Awaited<ReturnType<typeof makeCompany>>
let flowId: string
let actionId: string

async function fulfil(orderId: string, items: string[], email = 'ana@example.test', uniqueId = `f-${orderId}`) {
  await ingestEvents(company.id, [
    {
      metric: { name: 'Fulfilled Order' },
      profile: { email },
      properties: { OrderId: orderId, Items: items.map((id) => ({ ProductID: id, ProductName: id })) },
      uniqueId,
    },
  ])
}
const advance = (at: Date) => {
  setQueueClock(at)
  return drainFlowRuns({ now: () => at })
}
async function deliverAll() {
  const sends = await db.send.findMany({ where: { companyId: company.id, sourceType: 'flow_action_run' } })
  await deliverSends({
    companyId: company.id,
    channel: 'email',
    sourceType: 'flow_action_run',
    sourceIds: sends.map((s) => s.sourceId),
  })
}
const stepsOf = () => db.flowStep.findMany({ where: { companyId: company.id, actionId }, orderBy: { at: 'asc' } })

beforeAll(async () => {
  delete process.env.SMTP_URL // the local outbox
  await prepareCatalogWrite()
  await prepareFlowJobs()
  await prepareSendQueue()
  company = await makeCompany('Review Flow Store')
  for (const [externalId, title] of [
    ['MUG', 'Blue mug'],
    ['TEE', 'Logo tee'],
  ])
    await inWriteTx(() =>
      createItemOps(
        company.id,
        { externalId, title, description: 'd', url: `https://shop.test/${externalId}`, price: 9 },
        T0,
      ),
    )
  setQueueClock(T0)
  flowId = await createFlowFromTemplate(company.id, 'review_request')
  const actions = await db.flowAction.findMany({ where: { companyId: company.id, flowId } })
  actionId = actions.find((a) => a.actionType === 'send-review-request')!.id
  await setActionStatuses(
    company.id,
    flowId,
    actions.map((a) => a.id),
    'live',
  )
  await setFlowStatus(company.id, flowId, 'live')
})
afterAll(() => setQueueClock(null))

test('fulfilled → 7 days → one email with a star row per product → the link → published → the widget shows it', async () => {
  // the order as the store reports it: placed (its lines make the buyer verified), then fulfilled
  await ingestEvents(company.id, [
    {
      metric: { name: 'Ordered Product' },
      profile: { email: 'ana@example.test' },
      properties: { OrderId: '9001', ProductID: 'MUG' },
      uniqueId: '9001:1',
    },
  ])
  await fulfil('9001', ['MUG', 'TEE', 'GONE'])
  await advance(T0)
  expect(await db.send.count({ where: { companyId: company.id } })).toBe(0) // still waiting
  await advance(new Date(T0.getTime() + 6 * DAY))
  expect(await db.send.count({ where: { companyId: company.id } })).toBe(0)

  const due = new Date(T0.getTime() + 7 * DAY + 60_000)
  await advance(due)
  await advance(due) // a retried advance job: the step is done, nothing new
  // the same order fulfilled again (a re-sent webhook): a second run, whose step asks nothing
  await fulfil('9001', ['MUG', 'TEE'], 'ana@example.test', 'f-9001-again')
  await advance(due)
  await advance(new Date(due.getTime() + 8 * DAY))
  await deliverAll()
  await deliverAll() // a duplicated delivery job
  const mails = await db.outboxMail.findMany({ where: { companyId: company.id } })
  expect(mails).toHaveLength(1)
  const steps = await stepsOf()
  expect(steps.map((s) => [s.status, s.outcome])).toEqual([
    ['done', expect.any(String)],
    ['skipped', 'already_asked'],
  ])
  const requests = await db.reviewRequest.findMany({
    where: { companyId: company.id },
    orderBy: { productExternalId: 'asc' },
  })
  expect(requests.map((r) => [r.orderKey, r.productExternalId, r.sendId])).toEqual([
    ['9001', 'MUG', mails[0]!.sendId],
    ['9001', 'TEE', mails[0]!.sendId],
  ])

  const mail = mails[0]!
  expect(mail.subject).toBe('How did we do, there?')
  const mailHtml = mail.html ?? ''
  expect(mailHtml).toContain('How did we do?')
  expect(mailHtml).toContain('Blue mug')
  expect(mailHtml).toContain('Logo tee')
  expect(mailHtml).not.toContain('GONE')
  const links = [...mailHtml.matchAll(/\/reviews\/write\/([\w-]+\.[\w-]{22})\?rating=(\d)/g)]
  expect(links).toHaveLength(10) // 5 stars × 2 products
  const mugLink = links.find(
    ([, token, rating]) => verifyReviewRequestToken(token!)?.productExternalId === 'MUG' && rating === '4',
  )!
  const token = mugLink[1]!
  const profileId = requests[0]!.profileId
  expect(verifyReviewRequestToken(token)).toEqual({
    companyId: company.id,
    profileId,
    orderKey: '9001',
    productExternalId: 'MUG',
  })

  // the star opens the hosted form with its rating chosen
  const page = await formRoute.GET(
    new Request(`http://localhost:3000/reviews/write/${token}?rating=4`),
    params({ token }),
  )
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toMatch(/value="4" checked/)
  expect(html).not.toMatch(/value="5" checked/)

  const posted = await formRoute.POST(
    new Request(`http://localhost:3000/reviews/write/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        rating: '4',
        title: 'Sturdy',
        body: 'Keeps the tea hot.',
        name: 'Ana P.',
      }).toString(),
    }),
    params({ token }),
  )
  expect(posted.status).toBe(200)
  const review = await db.review.findFirstOrThrow({ where: { companyId: company.id } })
  expect(review).toMatchObject({ rating: 4, status: 'published', verified: true, orderKey: '9001' })
  expect(
    (await db.reviewRequest.findFirstOrThrow({ where: { companyId: company.id, productExternalId: 'MUG' } })).reviewId,
  ).toBe(review.id)

  await resetRateLimits()
  const filter = encodeURIComponent('equals(product_external_ids,"MUG")')
  const res = await clientTable.dispatch(
    new Request(`http://localhost:3000/client/reviews?filter=${filter}&company_id=${company.publicApiKey}`, {
      headers: { origin: 'https://shop.example', revision: '2026-07-15' },
    }),
  )
  expect(res.status).toBe(200)
  const widget = (await res.json()) as { data: Array<{ id: string; attributes: { title: string; rating: number } }> }
  expect(widget.data.map((r) => [r.id, r.attributes.title, r.attributes.rating])).toEqual([[review.id, 'Sturdy', 4]])
})

test('skips with a visible reason: no catalog product, every product reviewed, no order', async () => {
  const due = new Date(T0.getTime() + 40 * DAY)
  await fulfil('9002', ['GONE'], 'ben@example.test')
  // an order whose only catalog product was reviewed from it already (the first test's review)
  await fulfil('9001', ['MUG'], 'ana@example.test', 'f-9001-third')
  await ingestEvents(company.id, [
    {
      metric: { name: 'Fulfilled Order' },
      profile: { email: 'cy@example.test' },
      properties: { Items: [{ ProductID: 'MUG' }] },
      uniqueId: 'f-no-order',
    },
  ])
  await advance(due) // the delay starts
  await advance(new Date(due.getTime() + 8 * DAY))
  const outcomes = (await stepsOf()).slice(2).map((s) => [s.status, s.outcome, JSON.parse(s.detail ?? '{}').reason])
  expect(outcomes).toEqual(
    expect.arrayContaining([
      ['skipped', 'no_reviewable_product', 'No product of the order is in the catalog.'],
      ['skipped', 'already_reviewed', 'Every product of the order was reviewed already.'],
      ['skipped', 'no_order', 'The trigger event names no order (OrderId).'],
    ]),
  )
  expect(outcomes).toHaveLength(3)
  expect(await db.reviewRequest.count({ where: { companyId: company.id } })).toBe(2)
  expect(await db.outboxMail.count({ where: { companyId: company.id } })).toBe(1)
})

test('the email block: nothing without an order, a star row per product with one; the preview shows a sample', async () => {
  const definition = {
    styles: {},
    body: [
      { type: 'text', html: '<p>Thanks!</p>' },
      { type: 'review-request', starColor: '#ff0000', align: 'center' },
    ],
  }
  const compiled = await compileTemplate({ kind: 'SYSTEM_DRAGGABLE', definition })
  expect(compiled.errors).toEqual([])
  const bare = renderTemplate(compiled.html, { event: { Items: [] } })
  expect(bare).toContain('Thanks!')
  expect(bare).not.toContain('&#9733;')
  expect(bare).not.toContain('\u2605')

  // another email on Placed Order with the block: the render consumer fills it from the order
  const input = {
    companyId: company.id,
    profileId: (await db.profile.findFirstOrThrow({ where: { companyId: company.id, email: 'ben@example.test' } })).id,
    sendId: 'SEND-BLOCK',
    context: { event: { OrderId: '9100', Items: [{ ProductID: 'TEE' }, { ProductID: 'GONE' }] } },
    now: T0,
  }
  const extra = await extraRenderContext([compiled.html], input)
  const products = extra.review_request_products as Array<{ product_id: string; stars: Array<{ url: string }> }>
  expect(products.map((p) => p.product_id)).toEqual(['TEE'])
  const html = renderTemplate(compiled.html, { ...input.context, ...extra })
  const stars = [...html.matchAll(/\/reviews\/write\/([\w-]+\.[\w-]{22})\?rating=(\d)/g)].map((m) => m[2])
  expect(stars).toEqual(['1', '2', '3', '4', '5'])
  expect(html).toMatch(/color: ?#ff0000/)
  expect(
    await db.reviewRequest.count({ where: { companyId: company.id, orderKey: '9100', sendId: 'SEND-BLOCK' } }),
  ).toBe(1)
  // no order in the event: no variable, the block prints nothing
  expect(await extraRenderContext([compiled.html], { ...input, context: { event: { Items: [] } } })).toEqual({})

  // the editor's preview of a template with the block: sample products, nothing written
  const template = await createTemplate(company.id, { name: 'With block', editorType: 'SYSTEM_DRAGGABLE', definition })
  const before = await db.reviewRequest.count()
  const preview = await previewTemplate(company.id, template.id, {})
  const sample = reviewRequestSample().review_request_products as Array<{ title: string }>
  expect(preview.html).toContain(sample[0]!.title)
  expect(preview.html).toContain('#review-5')
  expect(await db.reviewRequest.count()).toBe(before)
})

describe('POST /api/flows validates the action', () => {
  let key: string
  beforeAll(async () => {
    key = await makeApiKey(company.id)
  })
  const definition = (delay: Record<string, unknown>, message: Record<string, unknown> | undefined) => ({
    data: {
      type: 'flow',
      attributes: {
        name: 'Reviews',
        definition: {
          triggers: [],
          entry_action_id: 'wait',
          actions: [
            { temporary_id: 'wait', type: 'time-delay', links: { next: 'ask' }, data: delay },
            {
              temporary_id: 'ask',
              type: 'send-review-request',
              links: { next: null },
              data: { status: 'draft', ...(message ? { message } : {}) },
            },
          ],
        },
      },
    },
  })
  const pointers = (json: { errors: Array<{ source?: { pointer?: string }; detail?: string }> }) =>
    json.errors.map((e) => [e.source?.pointer, e.detail])
  const P = '/data/attributes/definition/actions'

  test.each([
    ['a negative delay', { unit: 'days', value: -7 }, { subject_line: 'Hi', template_id: 'T' }, `${P}/0/data/value`],
    ['a delay in years', { unit: 'years', value: 7 }, { subject_line: 'Hi', template_id: 'T' }, `${P}/0/data/unit`],
  ])('%s: 400 with the delay pointer', async (_n, delay, message, pointer) => {
    await resetRateLimits()
    const before = await db.flow.count()
    const r = await flowApi('POST', '/api/flows', key, definition(delay, message))
    expect(r.status).toBe(400)
    expect(pointers(r.json).map(([p]) => p)).toContain(pointer)
    expect(await db.flow.count()).toBe(before)
  })

  test('no template, an empty one, or one of another company: 400 with field errors', async () => {
    await resetRateLimits()
    const none = await flowApi('POST', '/api/flows', key, definition({ unit: 'days', value: 7 }, undefined))
    expect(none.status).toBe(400)
    expect(pointers(none.json)).toContainEqual([`${P}/1/data/message`, 'Choose the review request template.'])
    await resetRateLimits()
    const empty = await flowApi(
      'POST',
      '/api/flows',
      key,
      definition({ unit: 'days', value: 7 }, { subject_line: ' ', template_id: null }),
    )
    expect(empty.status).toBe(400)
    expect(pointers(empty.json)).toEqual(
      expect.arrayContaining([
        [`${P}/1/data/message/subject_line`, 'The review request needs a subject.'],
        [`${P}/1/data/message/template_id`, 'Choose the review request template.'],
      ]),
    )
    const other = await makeCompany('Other store')
    const foreign = await db.template.create({
      data: {
        id: 'TplForeignRR',
        companyId: other.id,
        name: 'x',
        editorType: 'CODE',
        html: 'x',
        compiledHtml: 'x',
        compiledText: 'x',
      },
    })
    await resetRateLimits()
    const cross = await flowApi(
      'POST',
      '/api/flows',
      key,
      definition({ unit: 'days', value: 7 }, { subject_line: 'Hi', template_id: foreign.id }),
    )
    expect(cross.status).toBe(400)
    expect(pointers(cross.json).map(([p]) => p)).toContain(`${P}/1/data/message/template_id`)
  })
})
