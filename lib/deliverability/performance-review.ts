// The performance review: the last 30 days against the 30 before, overall and by mailbox
// provider, with the change of each rate in percentage points (a rate's change is what a sender
// acts on; a relative change of a tiny rate exaggerates).
import { emailRatesBy, totalOf, type EmailRow } from './email-rates'
import { adviceFor, deliverabilityScore } from './thresholds'

const DAY = 86_400_000

export async function performanceReview(companyId: number, now: Date) {
  const end = new Date(Math.floor(now.getTime() / DAY) * DAY + DAY)
  const current = { from: new Date(end.getTime() - 30 * DAY), to: end }
  const previous = { from: new Date(end.getTime() - 60 * DAY), to: current.from }
  const [cur, prev] = await Promise.all([
    emailRatesBy(companyId, current, 'provider'),
    emailRatesBy(companyId, previous, 'provider'),
  ])
  const summary = (rows: EmailRow[]) => {
    const t = totalOf(rows)
    return { ...t, score: deliverabilityScore(t.rates, t.sent) }
  }
  const a = summary(cur)
  const b = summary(prev)
  const prevByKey = new Map(prev.map((r) => [r.key, r]))
  return {
    current: { from: current.from.toISOString(), to: current.to.toISOString(), ...a },
    previous: { from: previous.from.toISOString(), to: previous.to.toISOString(), ...b },
    advice: adviceFor(a.rates, a.sent),
    providers: cur.map((r) => ({
      provider: r.key,
      current: r,
      previous: prevByKey.get(r.key) ?? null,
    })),
  }
}
