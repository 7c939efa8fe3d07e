/** @jest-environment node */
// /kagent history and knowledge through the real /ajax routes (issue 27 §4): the automatic answers
// with the question each answered and the rule that chose it, paged newest first; the FAQ entries
// with their use; bad query input is a 400; a role without inbox access is refused; company B never
// sees company A's answers or entries.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import * as historyRoute from '@/app/ajax/kagent/history/route'
import * as knowledgeRoute from '@/app/ajax/kagent/knowledge/route'

type Handler = (req: Request) => Promise<Response>
const get = (h: Handler, cookie: string, qs = '') => h(ajaxRequest(`/ajax/kagent/x${qs}`, { cookie }))

async function member(role = 'owner', companyId?: number) {
  const id = companyId ?? (await makeCompany()).id
  const user = await makeUser({ companyId: id, role })
  return { companyId: id, cookie: await signIn(user.id, id) }
}

/** A conversation with one customer question answered automatically by `faqId` (or the away message). */
async function answered(companyId: number, question: string, answer: string, faqId: number | null, channel = 'sms') {
  const profile = await db.profile.create({
    data: { id: randomBytes(8).toString('hex'), companyId, email: `${randomBytes(3).toString('hex')}@x.test` },
  })
  const conv = await db.conversation.create({
    data: { companyId, profileId: profile.id, channel, lastMessageAt: new Date() },
  })
  const q = await db.conversationMessage.create({
    data: { companyId, conversationId: conv.id, channel, direction: 'in', body: question },
  })
  await db.inboxAutomationDecision.create({
    data: {
      companyId,
      messageId: q.id,
      conversationId: conv.id,
      ruleKind: faqId ? 'faq' : 'away_message',
      ruleId: faqId,
    },
  })
  return db.conversationMessage.create({
    data: {
      companyId,
      conversationId: conv.id,
      channel,
      direction: 'out',
      kind: 'automatic',
      body: answer,
      clientRequestId: `auto:${q.id}:0`,
      deliveryStatus: 'delivered',
    },
  })
}

test('history lists automatic answers with their question and rule, paged, per company', async () => {
  const a = await member()
  const b = await member()
  const faq = await db.inboxFaq.create({
    data: { companyId: a.companyId, question: 'Shipping time?', answer: 'Two days.', phrases: '["shipping"]' },
  })
  await answered(a.companyId, 'how long is shipping', 'Two days.', faq.id)
  await answered(a.companyId, 'hello?', 'We are away until 9.', null, 'whatsapp')
  await answered(a.companyId, 'when do you ship', 'Two days.', faq.id)
  // An agent's own reply is not the agent's answer.
  const conv = await db.conversation.findFirstOrThrow({ where: { companyId: a.companyId } })
  await db.conversationMessage.create({
    data: { companyId: a.companyId, conversationId: conv.id, channel: 'sms', direction: 'out', body: 'Hi from Ann' },
  })
  await answered(b.companyId, 'b question', 'b answer', null)

  const first = await (await get(historyRoute.GET, a.cookie, '?limit=2')).json()
  expect(first.answers.map((x: { answer: string }) => x.answer)).toEqual(['Two days.', 'We are away until 9.'])
  expect(first.answers[0]).toMatchObject({
    channel: 'sms',
    question: { body: 'when do you ship' },
    rule: { kind: 'faq', id: faq.id, name: 'Shipping time?' },
    deliveryStatus: 'delivered',
  })
  expect(first.answers[0].profile.contact).toMatch(/@x\.test$/)
  expect(first.nextBefore).toBe(first.answers[1].id)
  const second = await (await get(historyRoute.GET, a.cookie, `?limit=2&before=${first.nextBefore}`)).json()
  expect(second.answers.map((x: { question: { body: string } }) => x.question.body)).toEqual(['how long is shipping'])
  expect(second.nextBefore).toBeNull()

  const wa = await (await get(historyRoute.GET, a.cookie, '?channel=whatsapp')).json()
  expect(wa.answers).toHaveLength(1)
  expect(wa.answers[0].rule).toMatchObject({ kind: 'away_message', name: null })

  const other = await (await get(historyRoute.GET, b.cookie)).json()
  expect(other.answers.map((x: { answer: string }) => x.answer)).toEqual(['b answer'])
})

test('history refuses bad query input with field errors', async () => {
  const a = await member()
  for (const [qs, field] of [
    ['?channel=fax', 'channel'],
    ['?limit=0', 'limit'],
    ['?limit=500', 'limit'],
    ['?before=abc', 'before'],
    ['?before=99999999999', 'before'],
  ]) {
    const res = await get(historyRoute.GET, a.cookie, qs)
    expect(res.status).toBe(400)
    expect(Object.keys((await res.json()).fieldErrors)).toEqual([field])
  }
})

test('knowledge counts each FAQ entry use in its own company only', async () => {
  const a = await member()
  const b = await member()
  const used = await db.inboxFaq.create({
    data: { companyId: a.companyId, question: 'Returns?', answer: '30 days.', phrases: '["return"]' },
  })
  await db.inboxFaq.create({
    data: { companyId: a.companyId, question: 'Sizes?', answer: 'S to XL.', phrases: '[]', enabled: false },
  })
  await db.inboxFaq.create({ data: { companyId: b.companyId, question: 'B only', answer: 'b', phrases: '[]' } })
  await answered(a.companyId, 'can I return', '30 days.', used.id)
  await answered(a.companyId, 'return policy', '30 days.', used.id)

  const k = await (await get(knowledgeRoute.GET, a.cookie)).json()
  expect(k.autoAnswer).toBe(false)
  expect(k.entries).toEqual([
    expect.objectContaining({ question: 'Returns?', answered: 2, phrases: ['return'], enabled: true }),
    expect.objectContaining({ question: 'Sizes?', answered: 0, lastAnsweredAt: null, enabled: false }),
  ])
  expect(k.entries[0].lastAnsweredAt).toEqual(expect.any(String))
  const kb = await (await get(knowledgeRoute.GET, b.cookie)).json()
  expect(kb.entries.map((e: { question: string }) => e.question)).toEqual(['B only'])
})

test('a role without inbox access cannot read the agent pages', async () => {
  const c = await member('content_creator')
  expect((await get(historyRoute.GET, c.cookie)).status).toBe(403)
  expect((await get(knowledgeRoute.GET, c.cookie)).status).toBe(403)
  const s = await member('support')
  expect((await get(historyRoute.GET, s.cookie)).status).toBe(200)
})
