// /get-started/add-sms-to-flows: the account's live flows and whether each already texts, so the
// guide can send the merchant to the ones where an SMS step would add the most.
import { db } from '@/lib/db/client'

export async function flowsForSms(companyId: number) {
  const flows = await db.flow.findMany({
    where: { companyId, status: 2, archived: false },
    select: { id: true, name: true },
    orderBy: { createdAt: 'asc' },
    take: 50,
  })
  const withSms = new Set(
    (
      await db.flowAction.findMany({
        where: { companyId, flowId: { in: flows.map((f) => f.id) }, actionType: 'send-sms' },
        select: { flowId: true },
      })
    ).map((a) => a.flowId),
  )
  return {
    flows: flows.map((f) => ({ id: f.id, name: f.name, hasSms: withSms.has(f.id), href: `/flow/${f.id}/edit` })),
  }
}
