/** @jest-environment node */
// Replies to a review (issue 24 §1): a private reply goes to the reviewer by email through the
// send pipeline, transactional and exactly once (its Send keyed by the reply id: a second
// delivery run mails nothing more), and never reaches the review's public_reply; a public reply
// does and sends nothing; both are in the review's history. Another company's review is a 404,
// bad input a 400 with field errors, a reviewer without an address a 400 on `visibility`.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { ulid } from '@/lib/ids/make-id'
import { createSendsOps } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { replySourceId } from '@/lib/reviews/add-review-reply'
import * as repliesRoute from '@/app/ajax/reviews/[id]/replies/route'
import * as reviewRoute from '@/app/ajax/reviews/[id]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx: unknown) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, cookieAnalyst: string
let reviewId: string, anonymousId: string

async function reply(id: string, body: unknown, cookie = cookieA) {
  const res = await (repliesRoute.POST as Handler)(
    ajaxRequest(`/ajax/reviews/${id}/replies`, { method: 'POST', cookie, body }),
    params({ id }),
  )
  return { status: res.status, json: await res.json() }
}
const detail = async (id: string) =>
  (await (reviewRoute.GET as Handler)(ajaxRequest(`/ajax/reviews/${id}`, { cookie: cookieA }), params({ id }))).json()

beforeAll(async () => {
  delete process.env.SMTP_URL // the local outbox
  A = (await makeCompany('Replies A')).id
  B = (await makeCompany('Replies B')).id
  for (const c of [A, B]) await setFeatureFlag(c, 'is_reviews_enabled', true)
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  cookieAnalyst = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  const profile = await db.profile.create({
    data: { id: ulid(), companyId: A, email: 'ana@example.test', firstName: 'Ana' },
  })
  await db.catalogItem.create({ data: { id: 'MUG', companyId: A, externalId: 'MUG', title: 'Mug' } })
  const base = {
    companyId: A,
    catalogItemId: 'MUG',
    productKey: 'MUG',
    productExternalId: 'MUG',
    rating: 2,
    authorName: 'Ana',
    authorEmail: 'ana@example.test',
    status: 'published',
  }
  reviewId = ulid()
  await db.review.create({
    data: {
      ...base,
      id: reviewId,
      body: 'Chipped <script>x()</script> {{ person.email }}',
      profileId: profile.id,
      orderKey: 'o1',
    },
  })
  anonymousId = ulid()
  await db.review.create({ data: { ...base, id: anonymousId, body: 'Imported', orderKey: 'o2' } })
})

test('a private reply: emailed once to the reviewer, never public, in the history with its delivery state', async () => {
  const r = await reply(reviewId, { body: 'Sorry!\nWe will send a new one.', visibility: 'private' })
  expect(r.status).toBe(201)
  expect(r.json.publicReply).toBeNull()
  const [row] = await db.reviewReply.findMany({ where: { companyId: A, reviewId } })
  expect(row).toMatchObject({ visibility: 'private', body: 'Sorry!\nWe will send a new one.', authorName: 'Replies A' })
  const send = await db.send.findFirstOrThrow({ where: { companyId: A, id: row!.sendId! } })
  expect(send).toMatchObject({ sourceType: 'transactional', sourceId: replySourceId(row!.id), transactional: true })

  const job = { companyId: A, channel: 'email' as const, sourceType: 'transactional' as const, sourceId: send.sourceId }
  await deliverSends(job)
  await deliverSends(job) // a retried job: the Send is already sent
  // the same decision made again adds no Send
  const again = await inWriteTx(() =>
    createSendsOps({
      companyId: A,
      channel: 'email',
      sourceType: 'transactional',
      sourceId: send.sourceId,
      transactional: true,
      content: { subject: 'x', text: 'x' },
      recipients: [{ profileId: send.profileId }],
    }),
  )
  expect(again).toEqual([])
  await deliverSends(job)
  const mails = await db.outboxMail.findMany({ where: { companyId: A } })
  expect(mails).toHaveLength(1)
  const mail = mails[0]!
  expect(mail.to).toContain('ana@example.test')
  expect(mail.subject).toBe('Replies A replied to your review')
  expect(mail.text).toContain('Replies A replied to your review of Mug:')
  expect(mail.text).toContain('We will send a new one.')
  // the shopper's text is data, never template code or markup
  expect(mail.text).toContain('{{ person.email }}')
  expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;')
  expect(mail.html).not.toContain('<script>x()')

  expect((await db.review.findUniqueOrThrow({ where: { id: reviewId } })).publicReply).toBeNull()
  const d = await detail(reviewId)
  expect(d.replies).toEqual([
    expect.objectContaining({ visibility: 'private', body: 'Sorry!\nWe will send a new one.', sendStatus: 'sent' }),
  ])
})

test('a public reply: on the review (the widget shows it), nothing emailed, in the history after the private one', async () => {
  const sends = await db.send.count({ where: { companyId: A } })
  const r = await reply(reviewId, { body: 'Thanks for telling us.', visibility: 'public' })
  expect(r.status).toBe(201)
  expect(r.json.publicReply).toBe('Thanks for telling us.')
  expect(await db.send.count({ where: { companyId: A } })).toBe(sends)
  expect(r.json.replies.map((x: { visibility: string }) => x.visibility)).toEqual(['private', 'public'])
})

test('bad input 400 with field errors; no address 400; analyst 403; another company 404; nothing written', async () => {
  const before = await db.reviewReply.count()
  const bad = await reply(reviewId, { body: '  ', visibility: 'secret' })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors ?? bad.json.errors ?? {}).sort()).toEqual(['body', 'visibility'])
  expect((await reply(reviewId, { body: 'x'.repeat(2001), visibility: 'public' })).status).toBe(400)
  const anon = await reply(anonymousId, { body: 'Hello', visibility: 'private' })
  expect(anon.status).toBe(400)
  expect(JSON.stringify(anon.json)).toContain('visibility')
  expect((await reply(reviewId, { body: 'Hi', visibility: 'public' }, cookieAnalyst)).status).toBe(403)
  expect((await reply(reviewId, { body: 'Hi', visibility: 'private' }, cookieB)).status).toBe(404)
  expect(await db.reviewReply.count()).toBe(before)
  expect(await db.outboxMail.count({ where: { companyId: B } })).toBe(0)
})

test('a public reply saved through PATCH /ajax/reviews/:id is in the history too; removing it adds nothing', async () => {
  const patch = (publicReply: string) =>
    (reviewRoute.PATCH as Handler)(
      ajaxRequest(`/ajax/reviews/${reviewId}`, { method: 'PATCH', cookie: cookieA, body: { publicReply } }),
      params({ id: reviewId }),
    )
  expect((await patch('Edited answer')).status).toBe(200)
  expect((await patch('')).status).toBe(200)
  const d = await detail(reviewId)
  expect(d.publicReply).toBeNull()
  expect(d.replies.map((r: { visibility: string; body: string }) => [r.visibility, r.body]).slice(-2)).toEqual([
    ['public', 'Thanks for telling us.'],
    ['public', 'Edited answer'],
  ])
})
