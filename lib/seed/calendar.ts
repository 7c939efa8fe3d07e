// The shape of store traffic over the year: a weekly rhythm, a Black Friday / Cyber Monday
// peak, a busy December and a quiet January. Days are UTC calendar days.

export const DAY_MS = 86_400_000

export interface SeedDay {
  /** UTC midnight of the day. */
  startMs: number
  /** Relative traffic (1 = an ordinary Monday). */
  traffic: number
  /** Multiplier on add-to-cart and ordering (deals days convert better). */
  conversion: number
  /** A discount code campaign running that day, if any. */
  promo: 'holiday' | 'summer' | null
}

const WEEKDAY = [1.2, 1.0, 0.96, 0.95, 1.0, 0.9, 1.08] // Sunday … Saturday

/** Black Friday: the day after the fourth Thursday of November. */
export function blackFriday(year: number): number {
  const nov1 = Date.UTC(year, 10, 1)
  const dow = new Date(nov1).getUTCDay()
  const firstThursday = 1 + ((4 - dow + 7) % 7)
  return Date.UTC(year, 10, firstThursday + 21 + 1)
}

export function describeDay(startMs: number): SeedDay {
  const d = new Date(startMs)
  const year = d.getUTCFullYear(),
    month = d.getUTCMonth(),
    date = d.getUTCDate()
  let traffic = WEEKDAY[d.getUTCDay()]!
  let conversion = 1
  let promo: SeedDay['promo'] = null

  const bf = blackFriday(year)
  const fromBf = Math.round((startMs - bf) / DAY_MS)
  if (fromBf >= -7 && fromBf < 0) {
    traffic *= 1.35
    conversion = 1.15
    promo = 'holiday'
  } // early deals
  else if (fromBf === 0) {
    traffic *= 3.2
    conversion = 1.6
    promo = 'holiday'
  } else if (fromBf === 1 || fromBf === 2) {
    traffic *= 2.1
    conversion = 1.4
    promo = 'holiday'
  } else if (fromBf === 3) {
    traffic *= 2.8
    conversion = 1.5
    promo = 'holiday'
  } // Cyber Monday
  else if (fromBf > 3 && month === 11 && date <= 20) {
    traffic *= 1.5
    conversion = 1.1
  } else if (month === 11 && date >= 21 && date <= 24) traffic *= 1.2
  else if (month === 11 && date === 25) traffic *= 0.55
  else if (month === 11 && date >= 26) {
    traffic *= 1.3
    conversion = 1.1
  } else if (month === 0) traffic *= 0.85
  else if (month >= 5 && month <= 7) {
    traffic *= 0.95
    if (month === 6) promo = 'summer'
  }
  return { startMs, traffic, conversion, promo }
}

/** The days from the UTC day of `fromMs` through the day of `toMs`, inclusive. */
export function seedDays(fromMs: number, toMs: number): SeedDay[] {
  const days: SeedDay[] = []
  for (let t = Math.floor(fromMs / DAY_MS) * DAY_MS; t <= toMs; t += DAY_MS) days.push(describeDay(t))
  return days
}
