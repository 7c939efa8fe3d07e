/** @jest-environment node */
// Merging two profiles keeps the merged-away profile's inbox conversations (issue 25 task B §4):
// a channel only it used moves to the kept profile, a channel both used becomes one thread with
// every message, the unread counts added, the later last message, the tags of both, and open
// when either was. Before, they kept the deleted profile's id and fell out of the inbox list.
// Real inbound store (lib/inbox/store-inbound-ops.ts), real merge, real list and search.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { makeCompany, makeUser } from '../helpers/factory'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { mergeProfiles } from '@/lib/profiles/merge-profiles'
import { storeInboundOps } from '@/lib/inbox/store-inbound-ops'
import { listConversations } from '@/lib/inbox/list-conversations'

let sid = 0
const T0 = Date.parse('2026-11-20T10:00:00Z')

async function receive(
  companyId: number,
  profileId: string,
  channel: 'sms' | 'whatsapp',
  text: string,
  minute: number,
) {
  await inWriteTx(() =>
    storeInboundOps({
      companyId,
      profileId,
      channel,
      providerMessageId: `merge-${++sid}`,
      text,
      media: [],
      receivedAt: new Date(T0 + minute * 60_000),
    }),
  )
}

const conversationsOf = (companyId: number, profileId: string) =>
  db.conversation.findMany({ where: { companyId, profileId }, orderBy: { channel: 'asc' } })

test('the merged profile’s conversations move to the kept profile, and a channel both used becomes one thread', async () => {
  const co = await makeCompany()
  const agent = await makeUser({ companyId: co.id })
  const from = (await upsertProfile(co.id, { phoneNumber: '+15558800001' }, { mode: 'import' })).profile
  const into = (
    await upsertProfile(co.id, { email: 'mergekept@example.com', firstName: 'Zebulon' }, { mode: 'import' })
  ).profile
  await receive(co.id, into.id, 'sms', 'kept first', 1)
  await receive(co.id, from.id, 'sms', 'merged first', 2)
  await receive(co.id, from.id, 'sms', 'merged latest', 3)
  await receive(co.id, from.id, 'whatsapp', 'on whatsapp', 4)
  const [keptSms] = await conversationsOf(co.id, into.id)
  const [fromSms, fromWhatsapp] = await conversationsOf(co.id, from.id)
  // The kept thread was read and closed; both carry a tag.
  await db.conversation.update({
    where: { id: keptSms!.id },
    data: { unreadCount: 0, status: 'closed', tags: '["vip"]' },
  })
  await db.conversation.update({ where: { id: fromSms!.id }, data: { tags: '["order","vip"]' } })
  // Another company's conversation on the same channel is not touched.
  const other = await makeCompany()
  const stranger = (await upsertProfile(other.id, { phoneNumber: '+15558800001' }, { mode: 'import' })).profile
  await receive(other.id, stranger.id, 'sms', 'elsewhere', 5)

  await mergeProfiles(co.id, from.id, into.id)

  expect(await db.conversation.count({ where: { profileId: from.id } })).toBe(0)
  const after = await conversationsOf(co.id, into.id)
  expect(after.map((c) => [c.id, c.channel])).toEqual([
    [keptSms!.id, 'sms'],
    [fromWhatsapp!.id, 'whatsapp'],
  ])
  const sms = after[0]!
  expect(sms).toMatchObject({ unreadCount: 2, status: 'open', lastMessagePreview: 'merged latest' })
  expect(sms.lastMessageAt.getTime()).toBe(T0 + 3 * 60_000)
  expect(JSON.parse(sms.tags)).toEqual(['vip', 'order'])
  const thread = await db.conversationMessage.findMany({ where: { conversationId: sms.id }, orderBy: { id: 'asc' } })
  expect(thread.map((m) => m.body)).toEqual(['kept first', 'merged first', 'merged latest'])
  expect(await db.conversation.findUnique({ where: { id: fromSms!.id } })).toBeNull()
  expect(await db.conversationMessage.count({ where: { conversationId: fromWhatsapp!.id } })).toBe(1)

  // The inbox lists both under the kept profile and finds the moved one by the kept name.
  const listed = (await listConversations(co.id, agent.id, {})).conversations
  expect(listed.map((c) => c.id).sort((a, b) => a - b)).toEqual([keptSms!.id, fromWhatsapp!.id].sort((a, b) => a - b))
  const found = (await listConversations(co.id, agent.id, { q: 'Zebulon', channel: 'whatsapp' })).conversations
  expect(found.map((c) => c.id)).toEqual([fromWhatsapp!.id])

  // The next message of the kept profile joins the merged thread.
  await receive(co.id, into.id, 'sms', 'after the merge', 6)
  expect(await db.conversation.count({ where: { companyId: co.id } })).toBe(2)
  expect(await db.conversationMessage.count({ where: { conversationId: sms.id } })).toBe(4)
  const elsewhere = await conversationsOf(other.id, stranger.id)
  expect(elsewhere).toHaveLength(1)
  expect(elsewhere[0]!.unreadCount).toBe(1)
})

test('a profile without conversations merges as before', async () => {
  const co = await makeCompany()
  const from = (await upsertProfile(co.id, { phoneNumber: '+15558800002' }, { mode: 'import' })).profile
  const into = (await upsertProfile(co.id, { email: 'plain@example.com' }, { mode: 'import' })).profile
  await receive(co.id, into.id, 'sms', 'only the kept one talks', 1)
  await mergeProfiles(co.id, from.id, into.id)
  const after = await conversationsOf(co.id, into.id)
  expect(after).toHaveLength(1)
  expect(after[0]).toMatchObject({ unreadCount: 1, status: 'open', lastMessagePreview: 'only the kept one talks' })
})
