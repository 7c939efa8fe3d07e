// The value a monitor watches over one window [from, to): a metric's event count, an email rate
// of the campaigns' and flows' sends (lib/deliverability, the same counting as the
// deliverability screens), or the number of sends a flow made.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { emailRatesBy, totalOf } from '@/lib/deliverability/email-rates'
import { FLOW_SEND_SOURCE, sourceOfAction } from '@/lib/reporting/send-scope'
import type { MonitorKind } from './monitor-input'

export interface MonitorRule {
  companyId: number
  kind: MonitorKind | string
  config: { metricId?: string; flowId?: string; minSends?: number }
}

export interface Measurement {
  value: number
  /** Sends behind a rate (null for counts): below minSends the rate is not judged. */
  sample: number | null
}

export async function measureMonitor(m: MonitorRule, from: Date, to: Date): Promise<Measurement> {
  switch (m.kind) {
    case 'metric_count': {
      const [r] = await read(
        select(
          kysely()
            .selectFrom('Event')
            .select(sql<number>`count(*)`.as('n'))
            .where('companyId', '=', m.companyId)
            .where('metricId', '=', m.config.metricId ?? '')
            .where('ts', '>=', Math.floor(from.getTime() / 1000))
            .where('ts', '<', Math.floor(to.getTime() / 1000)),
        ),
      )
      return { value: Number(r?.n ?? 0), sample: null }
    }
    case 'bounce_rate':
    case 'complaint_rate':
    case 'unsubscribe_rate': {
      const t = totalOf(await emailRatesBy(m.companyId, { from, to }, 'provider'))
      const rate =
        m.kind === 'bounce_rate'
          ? t.rates.bounceRate
          : m.kind === 'complaint_rate'
            ? t.rates.spamRate
            : t.rates.unsubscribeRate
      return { value: rate, sample: t.sent }
    }
    case 'flow_sends': {
      const actions = await read(
        select(
          kysely()
            .selectFrom('FlowAction')
            .select('id')
            .where('companyId', '=', m.companyId)
            .where('flowId', '=', m.config.flowId ?? ''),
        ),
      )
      if (!actions.length) return { value: 0, sample: null }
      const [r] = await read(
        select(
          kysely()
            .selectFrom('Send')
            .select(sql<number>`count(*)`.as('n'))
            .where('Send.companyId', '=', m.companyId)
            .where('Send.sourceType', '=', FLOW_SEND_SOURCE)
            .where((eb) => eb.or(actions.map((a) => sourceOfAction('Send.sourceId', a.id))))
            .where('Send.status', 'not in', ['skipped', 'failed'])
            .where('Send.createdAt', '>=', from)
            .where('Send.createdAt', '<', to),
        ),
      )
      return { value: Number(r?.n ?? 0), sample: null }
    }
    default:
      return { value: 0, sample: null }
  }
}
