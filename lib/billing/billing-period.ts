// Billing periods: a month from the subscription's anchor. Calendar arithmetic in UTC; an anchor on
// the 31st falls on the last day of shorter months (Stripe does the same).
export interface Period {
  start: Date
  end: Date
}

/** `at` plus `months` months, keeping the anchor's day where the month has it. */
export function addMonths(at: Date, months: number, anchorDay = at.getUTCDate()): Date {
  const y = at.getUTCFullYear()
  const m = at.getUTCMonth() + months
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(anchorDay, last),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  )
}

/** The calendar month (UTC) containing `now`: a new account's first period. */
export function calendarMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  return { start, end: addMonths(start, 1) }
}

/** The period containing `now`, rolled forward from a period that ended (none skipped over twice). */
export function periodAt(current: Period, now: Date): Period {
  if (now < current.end && now >= current.start) return current
  if (now < current.start) return current
  const anchorDay = current.start.getUTCDate()
  let start = current.end
  let end = addMonths(current.end, 1, anchorDay)
  while (now >= end) {
    start = end
    end = addMonths(end, 1, anchorDay)
  }
  return { start, end }
}

/** The days of a period (UTC dates, YYYY-MM-DD), for the usage charts. */
export function periodDays(p: Period): string[] {
  const out: string[] = []
  for (
    let t = Date.UTC(p.start.getUTCFullYear(), p.start.getUTCMonth(), p.start.getUTCDate());
    t < p.end.getTime();
    t += 86_400_000
  )
    out.push(new Date(t).toISOString().slice(0, 10))
  return out
}
