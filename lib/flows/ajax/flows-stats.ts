// The figures of the flows list (GET /ajax/flows/list/ and /list/previous/) over a period:
// runs started, messages sent, recipients, conversions.
//
// Conversion: the number of distinct recipients of the flow's sends in the period whose send
// earned a conversion. For the metric that attribution credits (/settings/attribution; default
// "Placed Order") that is an EventAttribution row of the send (the recipient's last human open or
// click within the window, lib/attribution/attribute.ts), the same figure as the flow's own
// reports, so an order counts for one message only and an order without a touch for none. Any
// other metric has no attribution: the recipients who did it within 5 days after a send.
// conversion_per_recipient = conversion / recipients (0 without recipients).
// A flow's sends are the Send rows of sourceType 'flow_action_run' whose sourceId is
// "<actionId>:<runId>" for one of its actions (sourceId LIKE 'actionId:%').
import { sql, type SqlBool } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs, escapeLike } from '@/lib/db/dialect'
import { attributionSettingsOps, DEFAULT_CONVERSION_METRIC } from '@/lib/attribution/settings'

export const CONVERSION_WINDOW_SECONDS = 5 * 86_400

export interface FlowFigures {
  runs: number
  sends: number
  recipients: number
  conversion: number
  conversionPerRecipient: number
}
export const EMPTY_FIGURES: FlowFigures = { runs: 0, sends: 0, recipients: 0, conversion: 0, conversionPerRecipient: 0 }

export interface Period {
  from: Date
  to: Date
}

/** The conversion metric: the given id if the company has it, else the one attribution credits (or none). */
export async function conversionMetricId(companyId: number, metricId?: string | null): Promise<string | null> {
  if (metricId) {
    const m = await db.metric.findFirst({ where: { companyId, id: metricId }, select: { id: true } })
    if (m) return m.id
  }
  return attributedMetricId(companyId)
}

/** The metric attribution credits for the company: its /settings/attribution choice, else its "Placed Order". */
async function attributedMetricId(companyId: number): Promise<string | null> {
  const cfg = (await read(attributionSettingsOps([companyId]))).get(companyId)
  if (cfg?.conversionMetricId) return cfg.conversionMetricId
  const m = await db.metric.findFirst({ where: { companyId, name: DEFAULT_CONVERSION_METRIC }, select: { id: true } })
  return m?.id ?? null
}

function sendsOf(companyId: number, actionIds: string[], period: Period) {
  return (
    kysely()
      .selectFrom('Send as s')
      .where('s.companyId', '=', companyId)
      .where('s.sourceType', '=', 'flow_action_run')
      // LIKE 'actionId:%' (not a >= / < range: a PostgreSQL collation other than C may order ':' and ';' differently)
      .where((eb) =>
        eb.or(actionIds.map((id) => sql<SqlBool>`${sql.ref('s.sourceId')} like ${escapeLike(id) + ':%'} escape '\\'`)),
      )
      .where('s.sentAt', '>=', period.from)
      .where('s.sentAt', '<', period.to)
  )
}

/** Figures per flow id (every id given is in the answer). */
export async function flowFigures(
  companyId: number,
  flowIds: string[],
  period: Period,
  metricId: string | null,
): Promise<Map<string, FlowFigures>> {
  const out = new Map<string, FlowFigures>(flowIds.map((id) => [id, { ...EMPTY_FIGURES }]))
  if (!flowIds.length) return out
  const runs = await db.flowRun.groupBy({
    by: ['flowId'],
    where: { companyId, flowId: { in: flowIds }, createdAt: { gte: period.from, lt: period.to } },
    _count: { _all: true },
  })
  for (const r of runs) out.get(r.flowId)!.runs = r._count._all
  const actions = await db.flowAction.findMany({
    where: {
      companyId,
      flowId: { in: flowIds },
      actionType: { in: ['send-email', 'send-sms', 'send-mobile-push', 'send-whatsapp'] },
    },
    select: { id: true, flowId: true },
  })
  const attributed = metricId != null && metricId === (await attributedMetricId(companyId))
  const byFlow = new Map<string, string[]>()
  for (const a of actions) byFlow.set(a.flowId, [...(byFlow.get(a.flowId) ?? []), a.id])
  for (const [flowId, ids] of byFlow) {
    const f = out.get(flowId)!
    await read(
      (function* () {
        const [totals] = yield* select(
          sendsOf(companyId, ids, period).select((eb) => [
            eb.fn.countAll().as('sends'),
            eb.fn.count('s.profileId').distinct().as('recipients'),
          ]),
        )
        f.sends = Number(totals?.sends ?? 0)
        f.recipients = Number(totals?.recipients ?? 0)
        if (!metricId || !f.recipients) return
        const sentAt = epochMs(sql.ref('s.sentAt'))
        const [conv] = yield* select(
          sendsOf(companyId, ids, period)
            .where((eb) =>
              attributed
                ? eb.exists(
                    eb
                      .selectFrom('EventAttribution as a')
                      .select('a.eventId')
                      .whereRef('a.companyId', '=', 's.companyId')
                      .whereRef('a.sendId', '=', 's.id')
                      .where('a.metricId', '=', metricId),
                  )
                : eb.exists(
                    eb
                      .selectFrom('Event as e')
                      .select('e.id')
                      .whereRef('e.companyId', '=', 's.companyId')
                      .whereRef('e.profileId', '=', 's.profileId')
                      .where('e.metricId', '=', metricId)
                      .where(sql<boolean>`${sql.ref('e.ts')} >= ${sentAt} / 1000`)
                      .where(sql<boolean>`${sql.ref('e.ts')} < ${sentAt} / 1000 + ${CONVERSION_WINDOW_SECONDS}`),
                  ),
            )
            .select((eb) => eb.fn.count('s.profileId').distinct().as('n')),
        )
        f.conversion = Number(conv?.n ?? 0)
        f.conversionPerRecipient = f.recipients ? f.conversion / f.recipients : 0
      })(),
    )
  }
  return out
}

/** The default period of the list: the last 30 days up to now. */
export function lastDays(days: number, now = new Date()): Period {
  return { from: new Date(now.getTime() - days * 86_400_000), to: now }
}

/** The comparison period: the same length just before (previous_period) or a year earlier (previous_year). */
export function comparisonOf(p: Period, comparison: 'previous_period' | 'previous_year'): Period {
  if (comparison === 'previous_year') {
    const shift = (d: Date) => {
      const x = new Date(d)
      x.setUTCFullYear(x.getUTCFullYear() - 1)
      return x
    }
    return { from: shift(p.from), to: shift(p.to) }
  }
  const len = p.to.getTime() - p.from.getTime()
  return { from: new Date(p.from.getTime() - len), to: p.from }
}
