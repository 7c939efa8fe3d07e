/** @jest-environment node */
// /ajax/messages (the sent-messages viewer): a company's Send rows newest first with their
// local-outbox copy marked not delivered, filters, paging, bad input, permissions, and another
// company's messages neither listed nor readable.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { GET as listRoute } from '@/app/ajax/messages/route'
import { GET as getRoute } from '@/app/ajax/messages/[id]/route'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, creatorA: string
const sendA1 = ulid(),
  sendA2 = ulid(),
  sendB1 = ulid()

async function call(h: Handler, path: string, cookie: string, id?: string) {
  const res = await h(ajaxRequest(path, { cookie }), id ? params({ id }) : undefined)
  return { status: res.status, json: await res.json() }
}

async function makeSend(
  companyId: number,
  id: string,
  o: { status: string; provider?: string; subject: string; createdAt: Date; to: string; html?: string },
) {
  let outboxMailId: number | null = null
  if (o.provider === 'outbox') {
    const mail = await db.outboxMail.create({
      data: {
        to: o.to,
        subject: o.subject,
        text: `Text of ${o.subject}`,
        html: o.html ?? `<p>${o.subject}</p>`,
        status: 'not_delivered',
        companyId,
        sendId: id,
        fromAddress: 'shop@example.com',
        headers: JSON.stringify({ 'Message-ID': `<${id}@example.com>`, 'List-Unsubscribe': '<https://x/u>' }),
      },
    })
    outboxMailId = mail.id
  }
  await db.send.create({
    data: {
      id,
      companyId,
      channel: 'email',
      sourceType: 'preview',
      sourceId: 'TPL1',
      profileId: ulid(),
      transactional: true,
      status: o.status,
      content: JSON.stringify({ subject: o.subject, to: o.to }),
      provider: o.provider ?? null,
      subject: o.subject,
      outboxMailId,
      createdAt: o.createdAt,
      reason: o.provider === 'outbox' ? 'not_delivered_outbox' : null,
    },
  })
}

beforeAll(async () => {
  A = (await makeCompany('A')).id
  B = (await makeCompany('B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  creatorA = await signIn((await makeUser({ companyId: A, role: 'content_creator' })).id, A)
  await makeSend(A, sendA1, {
    status: 'sent',
    provider: 'outbox',
    subject: 'Older preview',
    createdAt: new Date('2026-11-01T10:00:00Z'),
    to: 'qa@a.test',
  })
  await makeSend(A, sendA2, {
    status: 'failed',
    subject: 'Newer failure',
    createdAt: new Date('2026-11-02T10:00:00Z'),
    to: 'x@a.test',
  })
  await makeSend(B, sendB1, {
    status: 'sent',
    provider: 'outbox',
    subject: 'B secret',
    createdAt: new Date('2026-11-03T10:00:00Z'),
    to: 'b@b.test',
  })
})

test("lists the company's messages newest first, outbox mail marked not delivered", async () => {
  const r = await call(listRoute, '/ajax/messages', cookieA)
  expect(r.status).toBe(200)
  expect(r.json.total).toBe(2)
  expect(r.json.messages.map((m: { id: string }) => m.id)).toEqual([sendA2, sendA1])
  expect(r.json.messages[1]).toMatchObject({
    subject: 'Older preview',
    to: 'qa@a.test',
    status: 'sent',
    notDelivered: true,
    provider: 'outbox',
    sourceType: 'preview',
  })
  expect(r.json.messages[0]).toMatchObject({
    subject: 'Newer failure',
    to: 'x@a.test',
    status: 'failed',
    notDelivered: false,
  })
})

test('filters by outbox and status, and pages', async () => {
  expect(
    (await call(listRoute, '/ajax/messages?outbox=true', cookieA)).json.messages.map((m: { id: string }) => m.id),
  ).toEqual([sendA1])
  expect(
    (await call(listRoute, '/ajax/messages?status=failed', cookieA)).json.messages.map((m: { id: string }) => m.id),
  ).toEqual([sendA2])
  const page2 = await call(listRoute, '/ajax/messages?page=2&page_size=1', cookieA)
  expect(page2.json).toMatchObject({ total: 2, page: 2, pageSize: 1 })
  expect(page2.json.messages.map((m: { id: string }) => m.id)).toEqual([sendA1])
})

test('bad filters are a 400 with field errors', async () => {
  const r = await call(listRoute, '/ajax/messages?status=exploded&page_size=1000', cookieA)
  expect(r.status).toBe(400)
  expect(Object.keys(r.json.fieldErrors).sort()).toEqual(['pageSize', 'status'])
})

test('one message has its HTML, text, headers and outbox status', async () => {
  const r = await call(getRoute, `/ajax/messages/${sendA1}`, cookieA, sendA1)
  expect(r.status).toBe(200)
  expect(r.json.message).toMatchObject({
    id: sendA1,
    html: '<p>Older preview</p>',
    text: 'Text of Older preview',
    from: 'shop@example.com',
    notDelivered: true,
    outboxStatus: 'not_delivered',
    headers: { 'Message-ID': `<${sendA1}@example.com>`, 'List-Unsubscribe': '<https://x/u>' },
  })
  const noCopy = await call(getRoute, `/ajax/messages/${sendA2}`, cookieA, sendA2)
  expect(noCopy.json.message).toMatchObject({ html: null, text: null, headers: {}, outboxStatus: null })
  expect((await call(getRoute, '/ajax/messages/nope', cookieA, 'nope')).status).toBe(404)
})

test('another company sees none of them, and cannot open one by id', async () => {
  const listB = await call(listRoute, '/ajax/messages', cookieB)
  expect(listB.json.messages.map((m: { id: string }) => m.id)).toEqual([sendB1])
  expect((await call(getRoute, `/ajax/messages/${sendA1}`, cookieB, sendA1)).status).toBe(404)
  expect((await call(getRoute, `/ajax/messages/${sendB1}`, cookieA, sendB1)).status).toBe(404)
})

test('needs a session, and profile access (a content creator has none)', async () => {
  const anon = await listRoute(new Request('http://localhost/ajax/messages'))
  expect(anon.status).toBe(401)
  expect((await call(listRoute, '/ajax/messages', creatorA)).status).toBe(403)
})
