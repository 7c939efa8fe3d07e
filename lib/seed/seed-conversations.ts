// The demo store's inbox (issue 25 §1): about forty conversations over the last three weeks, so
// /inbox shows what a shop's inbox looks like: SMS replies to its campaigns, replies to its
// emails (the subject kept as the thread's first media entry, as receive-email-reply.ts does)
// and a few WhatsApp chats; open, assigned, snoozed and closed ones; the team's notes; automatic
// answers (away message, FAQ, intent replies) marked as such; and unread customer messages on
// the open ones. Rows go in the way the inbox writes them (the search triggers index them).
// Deterministic for a seed and `now`; a company that has conversations already is left alone.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst } from '@/lib/db/ops'
import { createRng } from './prng'

type Step =
  | { who: 'in'; text: string }
  | { who: 'auto'; text: string }
  | { who: 'team'; text: string }
  | { who: 'note'; text: string }

interface Script {
  channel: 'sms' | 'email' | 'whatsapp'
  subject?: string
  tags: string[]
  steps: Step[]
}

const SCRIPTS: Script[] = [
  {
    channel: 'sms',
    tags: [],
    steps: [
      { who: 'in', text: 'Does the linen shirt from your text come in navy?' },
      { who: 'auto', text: 'Thanks for your message! Our team answers within a few hours, Monday to Friday 9–6.' },
      { who: 'team', text: 'Hi {first}, yes: navy is back in stock in S to XL.' },
      { who: 'in', text: 'Great, ordering now' },
    ],
  },
  {
    channel: 'sms',
    tags: ['order-status'],
    steps: [
      { who: 'in', text: 'Where is my order? It has been a week' },
      { who: 'auto', text: 'You can follow your order at demo-store.example/track. Reply AGENT to talk to us.' },
      { who: 'note', text: 'Carrier shows a delay at the depot. Offering a 10% code.' },
      { who: 'team', text: 'Sorry for the wait, {first}! It is out for delivery today. Here is 10% off: SORRY10' },
    ],
  },
  {
    channel: 'sms',
    tags: ['discount'],
    steps: [
      { who: 'in', text: 'Is there a code for the weekend sale?' },
      { who: 'team', text: 'Use WEEKEND20 at checkout 🙂' },
      { who: 'in', text: 'Thanks!!' },
    ],
  },
  {
    channel: 'sms',
    tags: [],
    steps: [
      { who: 'in', text: 'Can I change the size on my last order? I need an L' },
      { who: 'note', text: 'Not shipped yet: swapped M for L in the store admin.' },
      { who: 'team', text: 'Done, your order now has size L.' },
    ],
  },
  {
    channel: 'sms',
    tags: [],
    steps: [
      { who: 'in', text: 'Do you ship to Canada?' },
      { who: 'auto', text: 'Yes, we ship to 40 countries. Shipping to Canada takes 5 to 8 business days.' },
    ],
  },
  { channel: 'sms', tags: [], steps: [{ who: 'in', text: 'Is the ceramic vase dishwasher safe?' }] },
  {
    channel: 'sms',
    tags: ['discount'],
    steps: [
      { who: 'in', text: 'The discount code from your text is not working' },
      { who: 'team', text: 'Sorry about that! Try SPRING15, the old one expired last night.' },
      { who: 'in', text: 'That worked, thank you' },
    ],
  },
  { channel: 'sms', tags: [], steps: [{ who: 'in', text: 'Love the new collection 😍' }] },
  {
    channel: 'sms',
    tags: ['returns'],
    steps: [
      { who: 'in', text: 'How do I return the boots? They are too small' },
      { who: 'team', text: 'Hi {first}, start the return at demo-store.example/returns, the label is free.' },
      { who: 'in', text: 'Can I swap them for a bigger size instead?' },
    ],
  },
  {
    channel: 'sms',
    tags: [],
    steps: [
      { who: 'in', text: 'When does the sale end?' },
      { who: 'auto', text: 'The sale ends Sunday at midnight.' },
      { who: 'in', text: 'And is free shipping included?' },
    ],
  },
  {
    channel: 'email',
    subject: 'Re: Our biggest sale of the season',
    tags: [],
    steps: [
      { who: 'in', text: 'Hi, do the sale prices apply to gift cards too?' },
      { who: 'team', text: 'Hi {first}, gift cards are not part of the sale, sorry! Everything else is.' },
    ],
  },
  {
    channel: 'email',
    subject: 'Re: Your order has shipped',
    tags: ['order-status'],
    steps: [
      { who: 'in', text: 'The tracking link has said "label created" for three days. Any news?' },
      { who: 'note', text: 'Asked the warehouse: the pickup was missed on Tuesday, it leaves today.' },
      { who: 'team', text: 'Hi {first}, the parcel missed its pickup; it leaves today and arrives in 2 days.' },
      { who: 'in', text: 'Thanks for checking.' },
    ],
  },
  {
    channel: 'email',
    subject: 'Re: New arrivals are here',
    tags: [],
    steps: [{ who: 'in', text: 'Could you tell me when the wool throw in grey is back in stock?' }],
  },
  {
    channel: 'email',
    subject: 'Re: We miss you',
    tags: [],
    steps: [
      { who: 'in', text: 'I moved recently, how do I update my address?' },
      { who: 'auto', text: 'You can change your address under My account › Addresses on demo-store.example.' },
      { who: 'in', text: 'Found it, thanks.' },
    ],
  },
  {
    channel: 'whatsapp',
    tags: [],
    steps: [
      { who: 'in', text: 'Hi! Is the store open on Sunday?' },
      { who: 'auto', text: 'Thanks for writing! We are closed right now and will answer from 9am.' },
      { who: 'team', text: 'Good morning {first}! We are open 10 to 4 on Sundays 😊' },
    ],
  },
  {
    channel: 'whatsapp',
    tags: ['returns'],
    steps: [
      { who: 'in', text: 'Can I return online an item I bought in the store?' },
      { who: 'note', text: 'Policy allows it, 30 days with the receipt.' },
      { who: 'team', text: 'Yes, within 30 days with your receipt. Start at demo-store.example/returns.' },
    ],
  },
]

/** Conversations per channel: mostly SMS replies, then email replies, a few WhatsApp chats. */
const PLAN: Array<Script['channel']> = [
  ...Array<'sms'>(24).fill('sms'),
  ...Array<'email'>(10).fill('email'),
  ...Array<'whatsapp'>(6).fill('whatsapp'),
]

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export async function seedDemoConversations(
  companyId: number,
  opts: { seed: string; now?: Date },
): Promise<{ conversations: number; messages: number; ms: number }> {
  const t0 = Date.now()
  const now = opts.now ?? new Date()
  const q = kysely()
  if (await read(selectFirst(q.selectFrom('Conversation').select('id').where('companyId', '=', companyId))))
    return { conversations: 0, messages: 0, ms: Date.now() - t0 }
  const owner = await db.membership.findFirst({
    where: { companyId, role: 'owner' },
    select: { userId: true },
    orderBy: { userId: 'asc' },
  })
  const profiles = await read(
    select(
      q
        .selectFrom('Profile')
        .select(['id', 'firstName', 'email', 'phoneNumber'])
        .where('companyId', '=', companyId)
        .orderBy('id')
        .limit(3000),
    ),
  )
  const rng = createRng(`${opts.seed}:conversations`)
  const byPhone = profiles.filter((p) => p.phoneNumber)
  const byEmail = profiles.filter((p) => p.email)
  const used = new Set<string>()
  const scriptsOf = (channel: Script['channel']) => SCRIPTS.filter((s) => s.channel === channel)
  let conversations = 0
  let messages = 0

  await inWriteTx(function* () {
    for (let k = 0; k < PLAN.length; k++) {
      const channel = PLAN[k]!
      const pool = channel === 'email' ? byEmail : byPhone
      if (!pool.length) continue
      let profile = pool[rng.int(0, pool.length - 1)]!
      for (let tries = 0; used.has(profile.id) && tries < 20; tries++) profile = pool[rng.int(0, pool.length - 1)]!
      if (used.has(profile.id)) continue
      used.add(profile.id)
      const options = scriptsOf(channel)
      const script = options[k % options.length]!
      // Newest first in the plan order's reverse: spread over three weeks, a few hours apart.
      const start = now.getTime() - (k + 1) * 12 * HOUR - rng.int(0, 10 * HOUR)
      let at = start
      const rows = script.steps.map((step, j) => {
        if (j) at += step.who === 'auto' ? rng.int(1, 5) * 1000 : rng.int(4, 180) * MINUTE
        const text = step.text.replace('{first}', profile.firstName ?? 'there')
        const inbound = step.who === 'in'
        return {
          companyId,
          channel,
          direction: inbound ? 'in' : 'out',
          kind: step.who === 'note' ? 'note' : step.who === 'auto' ? 'automatic' : 'message',
          body: text,
          media:
            j === 0 && script.subject
              ? JSON.stringify([{ contentType: 'message/subject', caption: script.subject }])
              : null,
          authorUserId: step.who === 'team' || step.who === 'note' ? (owner?.userId ?? null) : null,
          providerMessageId: inbound ? `demo-${opts.seed}-${k}-${j}` : null,
          deliveryStatus: inbound || step.who === 'note' ? null : 'delivered',
          createdAt: new Date(Math.min(at, now.getTime() - MINUTE)),
        }
      })
      const shown = rows.filter((r) => r.kind !== 'note')
      const last = shown[shown.length - 1]!
      let trailingIn = 0
      for (let j = shown.length - 1; j >= 0 && shown[j]!.direction === 'in'; j--) trailingIn++
      // Waiting on the team: open (some snoozed until tomorrow); answered: mostly closed.
      const waiting = trailingIn > 0
      const status = waiting ? (k % 7 === 3 ? 'snoozed' : 'open') : k % 4 === 0 ? 'open' : 'closed'
      const assigned = status !== 'closed' && k % 2 === 0 && owner ? owner.userId : null
      const conv = yield* selectFirst(
        q
          .insertInto('Conversation')
          .values({
            companyId,
            profileId: profile.id,
            channel,
            status,
            snoozedUntil: status === 'snoozed' ? new Date(now.getTime() + (1 + (k % 3)) * DAY) : null,
            assigneeUserId: assigned,
            // A conversation older than a week was read by the team; a recent one waiting is unread.
            unreadCount: status === 'open' && now.getTime() - last.createdAt.getTime() < 7 * DAY ? trailingIn : 0,
            lastMessageAt: last.createdAt,
            lastMessagePreview: last.body.replace(/\s+/g, ' ').trim().slice(0, 140),
            tags: JSON.stringify(script.tags),
            createdAt: rows[0]!.createdAt,
            updatedAt: rows[rows.length - 1]!.createdAt,
          })
          .returning('id'),
      )
      yield* exec(q.insertInto('ConversationMessage').values(rows.map((r) => ({ ...r, conversationId: conv!.id }))))
      conversations++
      messages += rows.length
    }
  })
  return { conversations, messages, ms: Date.now() - t0 }
}
