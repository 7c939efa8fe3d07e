// The sends of several accounts over a period by channel and status (the portfolio dashboard,
// issue 27 §6): the closed days from the per-day send rollup, the partial and open days (and any
// day not rolled up or changed since) live from Send, one grouped query per account and stretch.
// A send belongs to the period by sendingAt, the instant it was handed to the provider (as usage
// counts it), which the rollup's days and the (companyId, channel, sendingAt, status) index use.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select, type Ops } from '@/lib/db/ops'
import { rolledCountsOps, splitPeriodOps } from '@/lib/messaging/send-rollup-read'
import { CHANNELS } from '@/lib/messaging/types'

export interface SendCount {
  companyId: number
  channel: string
  status: string
  n: number
}

function* accountSendsOps(companyIds: number[], from: Date, to: Date, statuses: readonly string[]): Ops<SendCount[]> {
  const split = yield* splitPeriodOps(companyIds, from, to)
  const out: SendCount[] = (yield* rolledCountsOps(split.rolled, statuses)).map((r) => ({
    companyId: r.companyId,
    channel: r.channel,
    status: r.status,
    n: r.count,
  }))
  for (const [companyId, intervals] of split.live)
    for (const iv of intervals) {
      const rows = yield* select(
        kysely()
          .selectFrom('Send')
          .select(['channel', 'status', sql<number>`count(*)`.as('n')])
          .where('companyId', '=', companyId)
          // Each channel named, so the count reads the index by sendingAt range.
          .where('channel', 'in', [...CHANNELS])
          .where('sendingAt', '>=', iv.from)
          .where('sendingAt', '<', iv.to)
          .where('status', 'in', [...statuses])
          .groupBy(['channel', 'status']),
      )
      for (const r of rows) out.push({ companyId, channel: r.channel, status: r.status, n: Number(r.n) })
    }
  return out
}

export const accountSends = (companyIds: number[], from: Date, to: Date, statuses: readonly string[]) =>
  read(accountSendsOps(companyIds, from, to, statuses))
