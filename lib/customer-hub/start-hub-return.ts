// A shopper starts a return of one line of their own order, within the merchant's return window
// and rules: a HubReturnRequest (unique per company, order and line, so a repeated request does
// nothing), a Started Return event through the event ingest path, and an alert mail to the merchant.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { acceptEvent } from '@/lib/events/accept-event'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { getMailer } from '@/lib/mail/mailer'
import { findHubOrder } from './hub-orders'
import { getHubSettings } from './hub-settings'

export const STARTED_RETURN = 'Started Return'

export const startReturnBody = z
  .object({
    orderKey: z.string().trim().min(1).max(200),
    itemKey: z.string().trim().min(1).max(200),
    reason: z.string().trim().max(2000).default(''),
  })
  .strict()
export type StartReturnBody = z.infer<typeof startReturnBody>

const DAY_MS = 86_400_000

async function merchantAddresses(companyId: number, supportEmail: string | null): Promise<string[]> {
  if (supportEmail) return [supportEmail]
  const owners = await db.membership.findMany({
    where: { companyId, role: 'owner' },
    select: { user: { select: { email: true } } },
    take: 5,
  })
  return owners.map((m) => m.user.email)
}

export async function startHubReturn(companyId: number, profileId: string, body: StartReturnBody, now = new Date()) {
  const order = await findHubOrder(companyId, profileId, body.orderKey)
  if (!order) throw notFound('Order not found.')
  const item = order.items.find((i) => i.key === body.itemKey)
  if (!item) throw badRequest('Choose an item of this order.', { itemKey: ['Choose an item of this order.'] })
  const settings = await getHubSettings(companyId)
  const rules = settings.returnRules
  if (rules.requireReason && !body.reason)
    throw badRequest('Tell us why you are returning it.', { reason: ['Tell us why you are returning it.'] })
  if (item.sku && rules.excludedSkus.includes(item.sku))
    throw badRequest('This item cannot be returned.', { itemKey: ['This item cannot be returned.'] })
  // The window runs from delivery when the store reported it, else from the order.
  const from = new Date(order.fulfilledAt ?? order.placedAt).getTime()
  if (now.getTime() > from + settings.returnWindowDays * DAY_MS)
    throw badRequest('The return window for this order has closed.', {
      orderKey: ['The return window for this order has closed.'],
    })

  const existing = await db.hubReturnRequest.findUnique({
    where: { companyId_orderKey_itemKey: { companyId, orderKey: order.orderKey, itemKey: item.key } },
  })
  if (existing) return { request: existing, created: false }
  const id = ulid(now.getTime())
  let request
  try {
    request = await db.hubReturnRequest.create({
      data: {
        id,
        companyId,
        profileId,
        orderKey: order.orderKey,
        itemKey: item.key,
        items: JSON.stringify([item]),
        reason: body.reason,
        createdAt: now,
      },
    })
  } catch {
    // A concurrent identical request won the unique key: the return exists, nothing more to do.
    const again = await db.hubReturnRequest.findUnique({
      where: { companyId_orderKey_itemKey: { companyId, orderKey: order.orderKey, itemKey: item.key } },
    })
    if (again) return { request: again, created: false }
    throw new Error('return request could not be written')
  }
  await acceptEvent(companyId, {
    metric: { name: STARTED_RETURN },
    profile: { id: profileId },
    properties: {
      OrderId: order.orderKey,
      OrderNumber: order.number,
      ItemKey: item.key,
      ProductName: item.name,
      Reason: body.reason,
    },
    time: now,
    uniqueId: id,
  })
  const company = await db.company.findUnique({ where: { id: companyId }, select: { name: true } })
  for (const to of await merchantAddresses(companyId, settings.supportEmail)) {
    await getMailer().send({
      to,
      subject: `Return started: order ${order.number ?? order.orderKey}`,
      text: `A customer of ${company?.name ?? 'your store'} started a return from the customer hub.\nOrder: ${order.number ?? order.orderKey}\nItem: ${item.name} (${item.key})\nReason: ${body.reason || '(none given)'}`,
      kind: 'alert',
      companyId,
    })
  }
  return { request, created: true }
}
