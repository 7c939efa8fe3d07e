// Which review request emails were opened, for /reviews/performance: the opens of the
// send-review-request actions' sends (MessageEventIndex by the company's actions of that type,
// machine opens left out, then the few matching events' $send_id), so no scan of every open of
// every message. Requests whose link went out in another email (the render consumer) are counted
// as sent, not as opened.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { jsonText, toBool } from '@/lib/db/dialect'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'

export async function openedRequestSends(companyId: number): Promise<Set<string>> {
  const rows = await read(
    (function* () {
      const actions = yield* select(
        kysely()
          .selectFrom('FlowAction')
          .select('id')
          .where('companyId', '=', companyId)
          .where('actionType', '=', 'send-review-request'),
      )
      if (!actions.length) return []
      return yield* select(
        kysely()
          .selectFrom('MessageEventIndex as i')
          .innerJoin('Metric as m', 'm.id', 'i.metricId')
          .innerJoin('Event as e', 'e.id', 'i.eventId')
          .select([jsonText(sql.ref('e.properties'), '$send_id').as('sendId'), 'i.machine'])
          .where('i.companyId', '=', companyId)
          .where('i.sourceType', '=', 'flow_action_run')
          .where(
            'i.messageKey',
            'in',
            actions.map((a) => a.id),
          )
          .where('m.companyId', '=', companyId)
          .where('m.name', '=', MESSAGE_METRICS.email.opened),
      )
    })(),
  )
  return new Set(rows.filter((r) => !toBool(r.machine) && r.sendId).map((r) => r.sendId!))
}
