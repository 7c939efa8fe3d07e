// The card beside a thread: who the customer is, their last orders, their recent activity, the
// lists they are on, and the predicted lifetime value when the predictive model has scored them.
// Every read is scoped to the company and the conversation's profile.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'

const PLACED_ORDER = 'Placed Order'

export async function profileCard(companyId: number, conversationId: number) {
  const conv = await db.conversation.findFirst({
    where: { companyId, id: conversationId },
    select: { profileId: true },
  })
  if (!conv) throw notFound('This conversation does not exist.')
  const profileId = conv.profileId
  const profile = await db.profile.findFirst({
    where: { companyId, id: profileId },
    select: { id: true, firstName: true, lastName: true, email: true, phoneNumber: true, city: true, country: true },
  })
  if (!profile) throw notFound('This profile does not exist.')
  const [orders, events, memberships, prediction] = await Promise.all([
    db.event.findMany({
      where: { companyId, profileId, metric: { companyId, name: PLACED_ORDER } },
      orderBy: { ts: 'desc' },
      take: 5,
      select: { id: true, ts: true, value: true, currency: true, properties: true },
    }),
    db.event.findMany({
      where: { companyId, profileId },
      orderBy: { ts: 'desc' },
      take: 8,
      select: { id: true, ts: true, metric: { select: { name: true } } },
    }),
    db.groupMembership.findMany({
      where: { companyId, profileId, leftAt: null },
      take: 20,
      select: { groupId: true },
    }),
    db.profilePrediction.findFirst({ where: { companyId, profileId }, select: { predictedClv: true, totalClv: true } }),
  ])
  const groups = memberships.length
    ? await db.group.findMany({
        where: { companyId, id: { in: memberships.map((m) => m.groupId) } },
        select: { id: true, name: true },
        orderBy: { name: 'asc' },
      })
    : []
  return {
    profile,
    orders: orders.map((o) => {
      const props = JSON.parse(o.properties) as Record<string, unknown>
      return {
        id: o.id,
        at: new Date(o.ts * 1000).toISOString(),
        number: typeof props.OrderId === 'string' || typeof props.OrderId === 'number' ? String(props.OrderId) : null,
        value: o.value,
        currency: o.currency,
      }
    }),
    events: events.map((e) => ({ id: e.id, at: new Date(e.ts * 1000).toISOString(), metric: e.metric.name })),
    lists: groups,
    predictedClv: prediction ? prediction.predictedClv : null,
  }
}
export type ProfileCard = Awaited<ReturnType<typeof profileCard>>
