/** @jest-environment node */
// The inbox search (issue 25 §1, §5) through GET /ajax/inbox/conversations on the real
// database: the trigram indexes of the inbox_search migration (FTS5 on SQLite, pg_trgm on
// PostgreSQL) find a conversation by a word of a message and by the profile's name, email or
// phone, follow profile and message changes through their triggers, never return another
// company's conversation, take any characters (FTS operators, quotes, unicode) as plain text,
// and keep the list's filters and keyset paging.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { searchConversationIds } from '@/lib/inbox/search-conversations'
import * as listRoute from '@/app/ajax/inbox/conversations/route'

type Row = { id: number; profile: { email: string | null } }
let seq = 0

async function company() {
  const co = await makeCompany()
  const owner = await makeUser({ companyId: co.id })
  return { companyId: co.id, cookie: await signIn(owner.id, co.id) }
}

async function conversation(
  companyId: number,
  p: { firstName?: string; email?: string; phoneNumber?: string },
  messages: Array<{ body: string; kind?: string }>,
  extra: { status?: string; channel?: string; at?: Date } = {},
) {
  const k = ++seq
  const profile = await db.profile.create({ data: { id: `ps-${companyId}-${k}`, companyId, ...p } })
  const at = extra.at ?? new Date(Date.UTC(2026, 10, 1) + k * 60_000)
  const conv = await db.conversation.create({
    data: {
      companyId,
      profileId: profile.id,
      channel: extra.channel ?? 'sms',
      status: extra.status ?? 'open',
      lastMessageAt: at,
    },
  })
  for (const m of messages)
    await db.conversationMessage.create({
      data: {
        companyId,
        conversationId: conv.id,
        channel: conv.channel,
        direction: 'in',
        kind: m.kind ?? 'message',
        body: m.body,
      },
    })
  return { conversationId: conv.id, profileId: profile.id }
}

async function search(cookie: string, q: string, more = '') {
  const res = await listRoute.GET(
    ajaxRequest(`/ajax/inbox/conversations?q=${encodeURIComponent(q)}${more}`, { cookie }),
  )
  expect(res.status).toBe(200)
  return (await res.json()) as { conversations: Row[]; next: string | null }
}
const ids = async (cookie: string, q: string, more = '') =>
  (await search(cookie, q, more)).conversations.map((c) => c.id).sort((a, b) => a - b)

test('finds by a word of a message and by the profile, follows changes, and stays in its company', async () => {
  const a = await company()
  const b = await company()
  const blue = await conversation(a.companyId, { firstName: 'Zoë', email: 'zoe.keller@shop.test' }, [
    { body: 'Does this jacket come in cobalt blue?' },
  ])
  const phone = await conversation(a.companyId, { phoneNumber: '+15551234567' }, [{ body: 'Hello there' }])
  const noted = await conversation(a.companyId, { email: 'quiet@shop.test' }, [
    { body: 'internal remark about refunds', kind: 'note' },
  ])
  // The same words in another company: never found from company A.
  const other = await conversation(b.companyId, { email: 'zoe.keller@shop.test' }, [{ body: 'cobalt blue please' }])

  expect(await ids(a.cookie, 'cobalt')).toEqual([blue.conversationId])
  expect(await ids(a.cookie, 'COBALT BLUE')).toEqual([blue.conversationId]) // any case, a phrase across words
  expect(await ids(a.cookie, 'zoe.keller@shop')).toEqual([blue.conversationId])
  expect(await ids(a.cookie, 'Zoë')).toEqual([blue.conversationId])
  expect(await ids(a.cookie, '1234567')).toEqual([phone.conversationId])
  expect(await ids(a.cookie, 'refunds')).toEqual([]) // notes are the team's, not searched
  expect(await ids(b.cookie, 'cobalt')).toEqual([other.conversationId])
  expect(await searchConversationIds(a.companyId, 'cobalt')).toEqual([blue.conversationId])

  // The triggers follow a changed email, a new message and a deleted conversation.
  await db.profile.update({ where: { id: phone.profileId }, data: { email: 'renamed.person@shop.test' } })
  expect(await ids(a.cookie, 'renamed.person')).toEqual([phone.conversationId])
  expect(await ids(a.cookie, '1234567')).toEqual([phone.conversationId])
  await db.conversationMessage.create({
    data: {
      companyId: a.companyId,
      conversationId: noted.conversationId,
      channel: 'sms',
      direction: 'in',
      body: 'Where is parcel 8841?',
    },
  })
  expect(await ids(a.cookie, 'parcel 8841')).toEqual([noted.conversationId])
  await db.conversation.delete({ where: { id: blue.conversationId } })
  expect(await ids(a.cookie, 'cobalt')).toEqual([])
  expect(await ids(b.cookie, 'cobalt')).toEqual([other.conversationId])
})

test('quotes, FTS operators, wildcards and unicode are plain text: found or not, never a 500', async () => {
  const a = await company()
  const odd = await conversation(a.companyId, { email: 'odd@shop.test' }, [
    { body: 'He said "size 42" OR maybe 44 - not sure * 100% of_the time; naïve café ☕ 東京' },
  ])
  await conversation(a.companyId, { email: 'plain@shop.test' }, [{ body: 'nothing special here' }])
  const found = [odd.conversationId]
  expect(await ids(a.cookie, '"size 42"')).toEqual(found)
  expect(await ids(a.cookie, '42" OR maybe')).toEqual(found)
  expect(await ids(a.cookie, '44 - not')).toEqual(found)
  expect(await ids(a.cookie, 'sure * 100%')).toEqual(found)
  expect(await ids(a.cookie, 'of_the')).toEqual(found)
  expect(await ids(a.cookie, 'café ☕')).toEqual(found)
  expect(await ids(a.cookie, '東京')).toEqual(found) // two characters: answered without the index
  expect(await ids(a.cookie, 'NAÏVE')).toEqual(found)
  // Operators and syntax that would be errors as an FTS query, and LIKE wildcards: each is found
  // exactly where it occurs as text (a plain substring test is the oracle).
  const texts = [
    'odd@shop.test\nHe said "size 42" OR maybe 44 - not sure * 100% of_the time; naïve café ☕ 東京',
    'plain@shop.test\nnothing special here',
  ]
  for (const q of [
    '"',
    '""',
    '"unbalanced',
    'a OR',
    'NOT',
    '-',
    '*',
    'x*',
    '(',
    'col:val',
    '^start',
    'NEAR(a b)',
    '%',
    '_',
    '\\',
    '%_%',
  ]) {
    const expected = texts.flatMap((t, i) => (t.toLowerCase().includes(q.toLowerCase()) ? [i] : []))
    expect([q, (await ids(a.cookie, q)).length]).toEqual([q, expected.length])
  }
  expect(await ids(a.cookie, 'special OR nothing')).toEqual([]) // OR is a word here, not an operator
})

test('a search keeps the filters and the keyset paging', async () => {
  const a = await company()
  const made: number[] = []
  for (let i = 0; i < 30; i++) {
    const c = await conversation(
      a.companyId,
      { email: `walker${i}@shop.test` },
      [{ body: `Order ${i} arrived damaged` }],
      { status: i % 3 === 0 ? 'closed' : 'open', channel: i % 2 ? 'whatsapp' : 'sms' },
    )
    made.push(c.conversationId)
  }
  await conversation(a.companyId, { email: 'other@shop.test' }, [{ body: 'all fine' }])
  const first = await search(a.cookie, 'damaged')
  expect(first.conversations).toHaveLength(25)
  expect(first.next).not.toBeNull()
  const second = await search(a.cookie, 'damaged', `&after=${first.next}`)
  expect(second.next).toBeNull()
  const all = [...first.conversations, ...second.conversations].map((c) => c.id)
  expect(all).toEqual([...made].reverse()) // newest first, each once
  const openWhatsapp = made.filter((_, i) => i % 3 !== 0 && i % 2 === 1)
  expect(await ids(a.cookie, 'damaged', '&status=open&channel=whatsapp')).toEqual(openWhatsapp)
  expect(await ids(a.cookie, 'walker1', '&status=closed')).toEqual(
    made.filter((_, i) => i % 3 === 0 && String(i).startsWith('1')),
  )
})

test('a search over 200 characters is a 400 with the field named', async () => {
  const a = await company()
  const res = await listRoute.GET(ajaxRequest(`/ajax/inbox/conversations?q=${'x'.repeat(201)}`, { cookie: a.cookie }))
  expect(res.status).toBe(400)
  expect(JSON.stringify(await res.json())).toContain('q')
})
