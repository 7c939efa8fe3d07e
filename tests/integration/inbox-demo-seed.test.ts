/** @jest-environment node */
// The demo store's inbox (issue 25 §1, lib/seed/seed-conversations.ts): about forty
// conversations on three channels, open, assigned, snoozed and closed, with notes, automatic
// answers and unread ones, the same for the same seed and time, shown by the inbox list and
// found by its search; a second run adds nothing; well under two seconds.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { seedDemoConversations } from '@/lib/seed/seed-conversations'
import * as listRoute from '@/app/ajax/inbox/conversations/route'

const NOW = new Date('2026-11-20T12:00:00Z')

async function store() {
  const co = await makeCompany()
  const owner = await makeUser({ companyId: co.id })
  await db.profile.createMany({
    data: Array.from({ length: 80 }, (_, i) => ({
      id: `demo-${co.id}-${String(i).padStart(3, '0')}`,
      companyId: co.id,
      firstName: `Shopper${i}`,
      email: `shopper${i}@demo.test`,
      phoneNumber: i % 3 ? `+1555010${String(i).padStart(4, '0')}` : null,
    })),
  })
  return { companyId: co.id, cookie: await signIn(owner.id, co.id), ownerId: owner.id }
}

const shape = async (companyId: number) =>
  (
    await db.conversation.findMany({
      where: { companyId },
      orderBy: { lastMessageAt: 'asc' },
      include: { messages: { orderBy: { id: 'asc' } } },
    })
  ).map((c) => ({
    profile: c.profileId.replace(/^demo-\d+-/, ''),
    channel: c.channel,
    status: c.status,
    assigned: c.assigneeUserId != null,
    unread: c.unreadCount,
    at: c.lastMessageAt.toISOString(),
    messages: c.messages.map((m) => [m.direction, m.kind, m.body, m.createdAt.toISOString()]),
  }))

test('about forty conversations of every kind, deterministic, listed and searchable, once', async () => {
  const a = await store()
  const b = await store()
  const ra = await seedDemoConversations(a.companyId, { seed: 'demo-store', now: NOW })
  await seedDemoConversations(b.companyId, { seed: 'demo-store', now: NOW })
  expect(ra.conversations).toBeGreaterThanOrEqual(36)
  expect(ra.ms).toBeLessThan(2000)
  const rows = await shape(a.companyId)
  expect(await shape(b.companyId)).toEqual(rows)
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length
  for (const ch of ['sms', 'email', 'whatsapp']) expect(count((r) => r.channel === ch)).toBeGreaterThan(2)
  for (const st of ['open', 'snoozed', 'closed']) expect(count((r) => r.status === st)).toBeGreaterThan(0)
  expect(count((r) => r.assigned)).toBeGreaterThan(0)
  expect(count((r) => r.unread > 0)).toBeGreaterThan(0)
  expect(count((r) => r.messages.some((m) => m[1] === 'note'))).toBeGreaterThan(0)
  expect(count((r) => r.messages.some((m) => m[1] === 'automatic'))).toBeGreaterThan(0)
  // Over the last weeks, none in the future.
  for (const r of rows) {
    expect(Date.parse(r.at)).toBeLessThan(NOW.getTime())
    expect(Date.parse(r.at)).toBeGreaterThan(NOW.getTime() - 30 * 86_400_000)
  }

  const list = await listRoute.GET(ajaxRequest('/ajax/inbox/conversations?q=ceramic%20vase', { cookie: a.cookie }))
  expect(list.status).toBe(200)
  expect((await list.json()).conversations.length).toBeGreaterThan(0)
  expect((await seedDemoConversations(a.companyId, { seed: 'demo-store', now: NOW })).conversations).toBe(0)
  expect(await db.conversation.count({ where: { companyId: a.companyId } })).toBe(rows.length)
})
