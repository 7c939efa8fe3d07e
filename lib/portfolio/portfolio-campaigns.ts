// GET /ajax/portfolio/{id}/campaigns (/portfolio/campaigns): the recent campaigns of every
// visible account with their status, recipients and attributed revenue. Each query is scoped
// to one account (companyId first in every where), so the indexes the account's own screens
// use serve these too.
import { z } from 'zod'
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { CAMPAIGN_SEND_SOURCE, SENT_STATUSES } from '@/lib/reporting/send-scope'
import { portfolioScope } from './access'

export const acrossQuery = z.object({
  status: z.string().trim().max(40).optional(),
  perAccount: z.coerce.number().int().min(1).max(100).default(20),
})

async function campaignsOf(companyId: number, q: z.infer<typeof acrossQuery>) {
  const k = kysely()
  let base = k
    .selectFrom('Campaign')
    .select(['id', 'name', 'channel', 'status', 'scheduledAt', 'sentAt', 'updatedAt'])
    .where('companyId', '=', companyId)
    .where('archived', '=', false)
  if (q.status) base = base.where('status', '=', q.status)
  const campaigns = await read(select(base.orderBy('updatedAt', 'desc').limit(q.perAccount)))
  if (!campaigns.length) return []
  const ids = campaigns.map((c) => c.id)
  const [messages, revenue] = await Promise.all([
    read(
      select(
        k
          .selectFrom('CampaignMessage')
          .select(['id', 'campaignId'])
          .where('companyId', '=', companyId)
          .where('campaignId', 'in', ids),
      ),
    ),
    read(
      select(
        k
          .selectFrom('EventAttribution')
          .select([
            'campaignId',
            sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v'),
            sql<number>`count(*)`.as('n'),
          ])
          .where('companyId', '=', companyId)
          .where('campaignId', 'in', ids)
          .groupBy('campaignId'),
      ),
    ),
  ])
  const campaignOfMessage = new Map(messages.map((m) => [m.id, m.campaignId]))
  const sends = messages.length
    ? await read(
        select(
          k
            .selectFrom('Send')
            .select(['sourceId', sql<number>`count(*)`.as('n')])
            .where('companyId', '=', companyId)
            .where('sourceType', '=', CAMPAIGN_SEND_SOURCE)
            .where('sourceId', 'in', [...campaignOfMessage.keys()])
            .where('status', 'in', [...SENT_STATUSES])
            .groupBy('sourceId'),
        ),
      )
    : []
  const recipients = new Map<string, number>()
  for (const s of sends) {
    const c = campaignOfMessage.get(s.sourceId)!
    recipients.set(c, (recipients.get(c) ?? 0) + Number(s.n))
  }
  const rev = new Map(revenue.map((r) => [r.campaignId, r]))
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)
  return campaigns.map((c) => ({
    id: c.id,
    name: c.name,
    channel: c.channel,
    status: c.status,
    scheduledAt: iso(c.scheduledAt),
    sentAt: iso(c.sentAt),
    recipients: recipients.get(c.id) ?? 0,
    revenue: Number(rev.get(c.id)?.v ?? 0),
    conversions: Number(rev.get(c.id)?.n ?? 0),
  }))
}

export async function portfolioCampaigns(userId: number, portfolioId: number, q: z.infer<typeof acrossQuery>) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  const out = []
  for (const a of accounts)
    out.push({
      companyId: a.companyId,
      name: a.name,
      currency: a.currency,
      campaigns: await campaignsOf(a.companyId, q),
    })
  return { accounts: out }
}
