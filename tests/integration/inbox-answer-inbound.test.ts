/** @jest-environment node */
// answerInbound against a real database (issue 25 §1): scenarios of messages in, time set,
// actions out. The intent rule wins over FAQ and away; FAQ answers only with auto-answer on;
// the away message goes once per conversation and away period; a message is answered once;
// another company's rules never apply.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { answerInbound, type InboundForAutomation } from '@/lib/inbox/automations/answer-inbound'
import { DEFAULT_BUSINESS_HOURS } from '@/lib/inbox/automations/business-hours'

const MONDAY_OPEN = new Date('2026-11-30T15:00:00Z') // 10:00 in New York
const MONDAY_NIGHT = new Date('2026-12-01T02:00:00Z') // 21:00 Monday in New York
const TUESDAY_EARLY = new Date('2026-12-01T12:00:00Z') // 07:00 Tuesday, same away period
const TUESDAY_NIGHT = new Date('2026-12-02T02:00:00Z') // 21:00 Tuesday, the next period

let messageId = 0

async function setup(opts: { faq?: boolean; away?: boolean } = {}) {
  const co = await makeCompany()
  await db.company.update({ where: { id: co.id }, data: { timezone: 'America/New_York' } })
  const profile = await db.profile.create({ data: { id: `p-${co.id}`, companyId: co.id, firstName: 'Ann' } })
  await db.inboxSettings.create({
    data: {
      companyId: co.id,
      businessHours: JSON.stringify(DEFAULT_BUSINESS_HOURS),
      awayEnabled: opts.away ?? true,
      awayText: 'Hi {{ first_name }}, we are closed and answer at 9am.',
      faqAutoAnswer: opts.faq ?? true,
    },
  })
  const status = await db.inboxIntent.create({
    data: {
      companyId: co.id,
      name: 'Order status',
      key: 'order_status',
      phrases: JSON.stringify(['where is my order', 'tracking']),
      action: 'reply',
      replyText: 'Track it at acme.test/track, {{ first_name }}.',
      priority: 10,
    },
  })
  const discount = await db.inboxIntent.create({
    data: {
      companyId: co.id,
      name: 'Discount',
      key: 'discount_request',
      phrases: JSON.stringify(['discount']),
      action: 'tag',
      tag: 'discount',
      priority: 20,
    },
  })
  await db.inboxIntent.create({
    data: {
      companyId: co.id,
      name: 'Bye',
      key: 'stop',
      phrases: JSON.stringify(['bye']),
      action: 'close',
      priority: 30,
    },
  })
  const shipping = await db.inboxFaq.create({
    data: {
      companyId: co.id,
      question: 'Do you ship abroad?',
      answer: 'Yes, to 40 countries.',
      phrases: JSON.stringify(['ship', 'shipping']),
    },
  })
  return { companyId: co.id, profileId: profile.id, status, discount, shipping }
}

const msg = (
  c: { companyId: number; profileId: string },
  text: string,
  receivedAt: Date,
  conversationId = 1,
): InboundForAutomation => ({
  companyId: c.companyId,
  profileId: c.profileId,
  conversationId,
  messageId: ++messageId,
  channel: 'sms',
  text,
  receivedAt,
})

test('scenario: intents, FAQ, away message, in business hours and outside', async () => {
  const c = await setup()
  const table: [string, Date, unknown[]][] = [
    [
      'Where is my order??',
      MONDAY_OPEN,
      [{ type: 'reply', text: 'Track it at acme.test/track, Ann.', source: 'intent', ruleId: c.status.id }],
    ],
    [
      'Do you ship to Canada',
      MONDAY_OPEN,
      [{ type: 'reply', text: 'Yes, to 40 countries.', source: 'faq', ruleId: c.shipping.id }],
    ],
    ['hello there', MONDAY_OPEN, []],
    // a tag does not answer: the FAQ still may, and the away message when closed
    [
      'any discount on shipping?',
      MONDAY_OPEN,
      [
        { type: 'tag', tag: 'discount' },
        { type: 'reply', text: 'Yes, to 40 countries.', source: 'faq', ruleId: c.shipping.id },
      ],
    ],
    [
      'hello?',
      MONDAY_NIGHT,
      [{ type: 'reply', text: 'Hi Ann, we are closed and answer at 9am.', source: 'away_message' }],
    ],
    ['still there?', TUESDAY_EARLY, []], // same conversation, same away period
    ['bye', TUESDAY_NIGHT, [{ type: 'close' }]], // closing: no away message
    [
      'one more thing',
      TUESDAY_NIGHT,
      [{ type: 'reply', text: 'Hi Ann, we are closed and answer at 9am.', source: 'away_message' }],
    ],
  ]
  for (const [text, at, expected] of table)
    expect([text, await answerInbound(msg(c, text, at))]).toEqual([text, expected])
  // another conversation gets its own away message in the same period
  expect(await answerInbound(msg(c, 'hi', TUESDAY_NIGHT, 2))).toHaveLength(1)
})

test('FAQ auto-answer off and away message off: only intents act', async () => {
  const c = await setup({ faq: false, away: false })
  expect(await answerInbound(msg(c, 'Do you ship abroad?', MONDAY_NIGHT))).toEqual([])
  expect(await answerInbound(msg(c, 'tracking please', MONDAY_NIGHT))).toHaveLength(1)
})

test('a message is answered once, also when asked twice at the same time', async () => {
  const c = await setup()
  const m = msg(c, 'where is my order', MONDAY_OPEN)
  const [a, b] = await Promise.all([answerInbound(m), answerInbound(m)])
  expect([...a, ...b]).toHaveLength(1)
  expect(await answerInbound(m)).toEqual([])
  expect(await db.inboxAutomationDecision.count({ where: { companyId: c.companyId, messageId: m.messageId } })).toBe(1)
})

test('tenancy: one company’s rules never answer another company’s messages', async () => {
  await setup()
  const other = await makeCompany()
  const p = await db.profile.create({ data: { id: `p-${other.id}`, companyId: other.id } })
  expect(await answerInbound(msg({ companyId: other.id, profileId: p.id }, 'where is my order', MONDAY_NIGHT))).toEqual(
    [],
  )
})
