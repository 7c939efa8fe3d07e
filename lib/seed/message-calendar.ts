// The demo store's year of campaigns: a newsletter every Tuesday at 10:00 store time, sales on
// the store's promotion days (lib/seed/calendar.ts: Black Friday week, the July summer sale) and
// the usual retail dates, one subject-line A/B test and one SMS campaign. Pure: a list of
// planned sends, filtered to the past; the seed turns them into real campaigns.
import { blackFriday, DAY_MS } from './calendar'
import type { Rng } from './prng'

export interface PlannedCampaign {
  key: string
  name: string
  channel: 'email' | 'sms'
  /** When sending started (UTC ms). */
  atMs: number
  subject: string
  previewText: string
  /** SMS body (sms only). */
  body?: string
  /** A subject-line test: the second variation's subject. */
  abSubject?: string
  /** How strongly the message pulls people in (1 = an ordinary newsletter). */
  pull: number
}

const NEWSLETTER_SUBJECTS = [
  ['New this week: fresh arrivals', 'Just landed, in limited numbers.'],
  ['Our team’s picks for the week', 'What we are wearing and using right now.'],
  ['Back in stock: the favourites', 'They sold out once. Do not wait this time.'],
  ['How to care for your gear', 'Small habits that make things last for years.'],
  ['The weekend edit', 'Five things to make the weekend better.'],
  ['Behind the scenes at the workshop', 'Meet the people who make what you love.'],
  ['Customer favourites this month', 'The five-star reviews keep coming.'],
  ['Fresh colours for the season', 'The new palette is here.'],
] as const

/** Local wall time in a time zone → UTC ms (two passes, right across DST changes). */
export function zonedTime(y: number, m: number, d: number, hour: number, timeZone: string): number {
  const guess = Date.UTC(y, m, d, hour)
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(at))
        .map((p) => [p.type, p.value]),
    )
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - at
  }
  const first = guess - offset(guess)
  return guess - offset(first)
}

const dayParts = (ms: number) => {
  const d = new Date(ms)
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()] as const
}

/** The campaigns sent between startMs and nowMs, in time order. */
export function planCampaigns(rng: Rng, o: { startMs: number; nowMs: number; timeZone: string }): PlannedCampaign[] {
  const at = (ms: number, hour: number) => {
    const [y, m, d] = dayParts(ms)
    return zonedTime(y, m, d, hour, o.timeZone)
  }
  const sales: PlannedCampaign[] = []
  for (let year = new Date(o.startMs).getUTCFullYear(); year <= new Date(o.nowMs).getUTCFullYear(); year++) {
    const bf = blackFriday(year)
    sales.push(
      {
        key: `vday-${year}`,
        name: `Valentine’s gift guide ${year}`,
        channel: 'email',
        atMs: at(Date.UTC(year, 1, 8), 9),
        subject: 'Gifts they will actually use',
        previewText: 'Order by Feb 10 for delivery in time.',
        pull: 1.3,
      },
      {
        key: `spring-${year}`,
        name: `Spring sale ${year}`,
        channel: 'email',
        atMs: at(Date.UTC(year, 3, 15), 10),
        subject: 'Spring sale: 20% off everything',
        previewText: 'Four days only.',
        pull: 1.5,
      },
      {
        key: `mothers-${year}`,
        name: `Mother’s Day ${year}`,
        channel: 'email',
        atMs: at(Date.UTC(year, 4, 5), 9),
        subject: 'For the best mom in the world',
        previewText: 'Thoughtful gifts, ready to ship.',
        pull: 1.2,
      },
      {
        key: `summer-${year}`,
        name: `Summer sale ${year}: launch`,
        channel: 'email',
        atMs: at(Date.UTC(year, 6, 1), 10),
        subject: 'Summer sale starts now',
        previewText: 'Up to 30% off for the whole of July.',
        abSubject: 'Your summer sale early access is here',
        pull: 1.6,
      },
      {
        key: `summer-last-${year}`,
        name: `Summer sale ${year}: last days`,
        channel: 'email',
        atMs: at(Date.UTC(year, 6, 28), 10),
        subject: 'Last days of the summer sale',
        previewText: 'It all ends on Thursday.',
        pull: 1.4,
      },
      {
        key: `bts-${year}`,
        name: `Back to school ${year}`,
        channel: 'email',
        atMs: at(Date.UTC(year, 7, 19), 10),
        subject: 'Ready for the new term?',
        previewText: 'Bags, bottles and everything in between.',
        pull: 1.1,
      },
      {
        key: `bf-early-${year}`,
        name: `Black Friday ${year}: early access`,
        channel: 'email',
        atMs: at(bf - 3 * DAY_MS, 10),
        subject: 'Early access: Black Friday starts for you today',
        previewText: 'Subscribers shop first.',
        pull: 1.8,
      },
      {
        key: `bf-${year}`,
        name: `Black Friday ${year}`,
        channel: 'email',
        atMs: at(bf, 7),
        subject: 'Black Friday: our biggest sale of the year',
        previewText: '30% off sitewide, today only.',
        pull: 2.2,
      },
      {
        key: `bf-sms-${year}`,
        name: `Black Friday ${year} (SMS)`,
        channel: 'sms',
        atMs: at(bf, 12),
        subject: '',
        previewText: '',
        body: 'Demo Store: Black Friday is ON. 30% off everything today only: https://demo-store.example/sale Reply STOP to opt out',
        pull: 2.0,
      },
      {
        key: `cm-${year}`,
        name: `Cyber Monday ${year}`,
        channel: 'email',
        atMs: at(bf + 3 * DAY_MS, 8),
        subject: 'Cyber Monday: last chance for 30% off',
        previewText: 'The sale ends at midnight.',
        pull: 2.0,
      },
      {
        key: `gifts-${year}`,
        name: `Holiday gift guide ${year}`,
        channel: 'email',
        atMs: at(Date.UTC(year, 11, 4), 10),
        subject: 'The holiday gift guide is here',
        previewText: 'Something for everyone on your list.',
        pull: 1.4,
      },
      {
        key: `ship-${year}`,
        name: `Last shipping day ${year}`,
        channel: 'email',
        atMs: at(Date.UTC(year, 11, 18), 9),
        subject: 'Last day to order for the holidays',
        previewText: 'Order by midnight for delivery by Dec 24.',
        pull: 1.5,
      },
    )
  }
  // Sent at least six hours ago, so each has had its first opens and clicks.
  const inRange = (c: PlannedCampaign) => c.atMs >= o.startMs && c.atMs < o.nowMs - 6 * 3_600_000
  const chosen = sales.filter(inRange)
  // One SMS campaign and one A/B test: keep only the latest of each kind.
  const lastSms = chosen.filter((c) => c.channel === 'sms').pop()
  const lastAb = chosen.filter((c) => c.abSubject).pop()
  const picked = chosen
    .filter((c) => c.channel !== 'sms' || c === lastSms)
    .map((c) => (c.abSubject && c !== lastAb ? { ...c, abSubject: undefined } : c))

  // Tuesday newsletters, except in a week that already has a sale email.
  const newsletters: PlannedCampaign[] = []
  let n = 0
  for (let day = Math.floor(o.startMs / DAY_MS) * DAY_MS; day < o.nowMs; day += DAY_MS) {
    if (new Date(day).getUTCDay() !== 2) continue
    const atMs = at(day, 10)
    if (!inRange({ atMs } as PlannedCampaign) || picked.some((s) => Math.abs(s.atMs - atMs) < 3 * DAY_MS)) continue
    const [subject, previewText] = NEWSLETTER_SUBJECTS[n++ % NEWSLETTER_SUBJECTS.length]!
    const date = new Date(atMs).toISOString().slice(0, 10)
    newsletters.push({
      key: `news-${date}`,
      name: `Weekly newsletter ${date}`,
      channel: 'email',
      atMs,
      subject,
      previewText,
      pull: 0.85 + rng.next() * 0.3,
    })
  }
  return [...picked, ...newsletters].sort((a, b) => a.atMs - b.atMs)
}
