// One aggregate query per fit: per customer the order count, first and last order and total
// value over the whole history, and the same up to the holdout cutoff plus the orders after it
// (the holdout check needs both, and reading the events twice would double the cost).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'

export interface OrderSummaries {
  profileIds: string[]
  orders: Float64Array
  first: Float64Array
  last: Float64Array
  value: Float64Array
  /** Orders, last order and value before the cutoff (0 orders: the customer started later). */
  calOrders: Float64Array
  calLast: Float64Array
  calValue: Float64Array
  holdoutOrders: Float64Array
}

export async function loadOrderSummaries(
  companyId: number,
  metricId: string,
  nowSec: number,
  cutoffSec: number,
): Promise<OrderSummaries> {
  const before = sql<number>`case when ${sql.ref('ts')} < ${cutoffSec} then 1 else 0 end`
  const rows = await read(
    select(
      kysely()
        .selectFrom('Event')
        .where('companyId', '=', companyId)
        .where('metricId', '=', metricId)
        .where('ts', '<=', nowSec)
        .groupBy('profileId')
        .select((eb) => [
          'profileId',
          eb.fn.countAll<number>().as('orders'),
          eb.fn.min('ts').as('first'),
          eb.fn.max('ts').as('last'),
          sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('value'),
          sql<number>`sum(${before})`.as('calOrders'),
          sql<number>`max(case when ${sql.ref('ts')} < ${cutoffSec} then ${sql.ref('ts')} end)`.as('calLast'),
          sql<number>`coalesce(sum(case when ${sql.ref('ts')} < ${cutoffSec} then ${sql.ref('value')} end), 0)`.as(
            'calValue',
          ),
        ]),
    ),
  )
  const n = rows.length
  const out: OrderSummaries = {
    profileIds: new Array<string>(n),
    orders: new Float64Array(n),
    first: new Float64Array(n),
    last: new Float64Array(n),
    value: new Float64Array(n),
    calOrders: new Float64Array(n),
    calLast: new Float64Array(n),
    calValue: new Float64Array(n),
    holdoutOrders: new Float64Array(n),
  }
  rows.forEach((r, i) => {
    out.profileIds[i] = r.profileId
    out.orders[i] = Number(r.orders)
    out.first[i] = Number(r.first)
    out.last[i] = Number(r.last)
    out.value[i] = Number(r.value)
    out.calOrders[i] = Number(r.calOrders)
    out.calLast[i] = r.calLast == null ? 0 : Number(r.calLast)
    out.calValue[i] = Number(r.calValue)
    out.holdoutOrders[i] = Number(r.orders) - Number(r.calOrders)
  })
  return out
}
