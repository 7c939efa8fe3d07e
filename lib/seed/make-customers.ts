// Demo customers as plain objects: identity, location, custom properties, consent and the
// traits that drive their simulated shopping (engagement, propensity to buy, churn).
import { CATEGORIES } from './catalog'
import { COUNTRIES, COUNTRY_MIXES, type City, type Country } from './geo'
import { NAME_POOLS, asciiSlug } from './names'
import { seededUlid, type Rng } from './prng'
import { DAY_MS, type SeedDay } from './calendar'

export type EmailConsent = 'subscribed' | 'unsubscribed' | 'never_subscribed'

export interface Customer {
  idx: number
  id: string
  kind: 'customer' | 'lead'
  createdMs: number
  email: string
  phone: string | null
  externalId: string | null
  firstName: string | null
  lastName: string | null
  locale: string
  address1: string | null
  city: string
  region: string
  country: string
  zip: string
  latitude: number
  longitude: number
  timezone: string
  utcOffset: number
  favoriteCategory: string
  birthday: string | null
  /** Mean sessions per day when new. */
  engagement: number
  /** Multiplier on the add-to-cart rate. */
  propensity: number
  /** Days after sign-up when the customer mostly stops visiting (null: stays). */
  churnAfterDays: number | null
  /** The first visit ends in an order (customer accounts made at checkout). */
  signedUpAtCheckout: boolean
  email_: {
    status: EmailConsent
    atMs: number
    method: string
    source: string
    suppression: 'unsubscribed' | 'bounced' | 'spam_complaint' | null
  }
  sms: { status: 'subscribed' | 'unsubscribed' | null; atMs: number; transactional: boolean }
  /** Filled by the activity simulation. */
  lastEventMs: number | null
  updatedMs: number
  orders: number
  spent: number
}

export function fillPattern(rng: Rng, pattern: string, areaCodes?: string): string {
  let out = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === '#') out += String(rng.int(0, 9))
    else if (c === '@') out += 'ABCDEFGHJKLMNPRSTUVWXYZ'[rng.int(0, 22)]
    else if (c === 'X' && pattern.startsWith('XXX', i)) {
      out += rng.pick((areaCodes ?? '555').split(' '))
      i += 2
    } else if (c === '[') {
      const end = pattern.indexOf(']', i)
      const cls = pattern.slice(i + 1, end)
      const chars: string[] = []
      for (let j = 0; j < cls.length; j++) {
        if (cls[j + 1] === '-' && cls[j + 2]) {
          for (let k = +cls[j]!; k <= +cls[j + 2]!; k++) chars.push(String(k))
          j += 2
        } else chars.push(cls[j]!)
      }
      out += rng.pick(chars)
      i = end
    } else out += c
  }
  return out
}

function street(rng: Rng, country: Country): string {
  const name = rng.pick(country.streets)
  const n = rng.int(1, rng.chance(0.7) ? 199 : 2999)
  switch (country.streetFormat) {
    case 'number-first':
      return `${n} ${name}`
    case 'number-after':
      return `${name} ${n}`
    case 'number-after-comma':
      return `${name}, ${n}`
    case 'block':
      return `${rng.int(1, 6)}-${rng.int(1, 30)}-${rng.int(1, 20)} ${name}`
  }
}

function emailFor(rng: Rng, country: Country, first: string, last: string, used: Set<string>): string {
  const f = asciiSlug(first) || 'shopper',
    l = asciiSlug(last) || 'mail'
  const year = String(rng.int(60, 99) + (rng.chance(0.3) ? 1900 : 0)).slice(-2)
  const local = rng.weighted([
    { weight: 30, v: `${f}.${l}` },
    { weight: 14, v: `${f}${l}` },
    { weight: 10, v: `${f[0]}${l}` },
    { weight: 8, v: `${f}_${l}` },
    { weight: 10, v: `${f}${year}` },
    { weight: 8, v: `${f}.${l}${rng.int(1, 99)}` },
    { weight: 6, v: `${l}.${f}` },
    { weight: 6, v: `${f}${l[0]}` },
    { weight: 8, v: `${f}.${l}${year}` },
  ]).v
  const domain = rng.weighted(country.domains).domain
  let email = `${local}@${domain}`
  for (let n = 2; used.has(email); n++) email = `${local}${n}@${domain}`
  used.add(email)
  return email
}

function pickCountry(rng: Rng, mix: 'us' | 'uk'): Country {
  const shares = COUNTRY_MIXES[mix]
  return rng.weighted(COUNTRIES.filter((c) => shares[c.code]).map((c) => ({ c, weight: shares[c.code]! }))).c
}

function birthday(rng: Rng, nowMs: number): string | null {
  if (!rng.chance(0.72)) return null
  const age = Math.min(78, Math.max(18, Math.round(rng.logNormal(35, 0.28))))
  const d = new Date(nowMs - age * 365.25 * DAY_MS - rng.int(0, 364) * DAY_MS)
  return d.toISOString().slice(0, 10)
}

/** A moment of local daytime (mostly evening) on `day`, in UTC ms. */
export function localMoment(rng: Rng, day: SeedDay, utcOffset: number): number {
  const hour = rng.weighted(HOURS).h + rng.next()
  return day.startMs + Math.round((hour - utcOffset) * 3_600_000)
}
const HOURS = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1].map((h, i) => ({
  h,
  weight: [2, 3, 4, 5, 6, 7, 7, 6, 6, 6, 7, 8, 10, 11, 10, 8, 5, 2, 1][i]!,
}))

export interface MakeCustomersOptions {
  count: number
  days: SeedDay[]
  nowMs: number
  mix: 'us' | 'uk'
  /** Share of profiles that are imported leads rather than store customers. */
  leadShare: number
  /** Draws the profile ids (kept apart so ids can differ while the data stays the same). */
  idRng: Rng
}

export function makeCustomers(rng: Rng, opts: MakeCustomersOptions): Customer[] {
  const { days, nowMs } = opts
  // Sign-ups grow over the period and follow traffic more than in proportion (deal days bring
  // new customers).
  const cumulative: number[] = []
  let total = 0
  days.forEach((d, i) => {
    total += d.traffic ** 1.6 * (0.6 + 0.8 * (i / Math.max(1, days.length - 1)))
    cumulative.push(total)
  })
  const pickDay = () => {
    const r = rng.next() * total
    let lo = 0,
      hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < r) lo = mid + 1
      else hi = mid
    }
    return days[lo]!
  }
  // Leads arrive in two or three CSV uploads, at set moments.
  const leadBatches = [0.35, 0.62, 0.86].map(
    (f) => days[Math.floor(f * (days.length - 1))]!.startMs + 15 * 3_600_000 + rng.int(0, 3_000_000),
  )

  const usedEmails = new Set<string>(),
    usedPhones = new Set<string>()
  const out: Customer[] = []
  for (let idx = 0; idx < opts.count; idx++) {
    const kind: Customer['kind'] = rng.chance(opts.leadShare) ? 'lead' : 'customer'
    const country = pickCountry(rng, opts.mix)
    const city: City = rng.weighted(country.cities)
    const pool = NAME_POOLS[rng.weighted(country.names).pool]!
    const firstName = rng.pick(pool.first),
      lastName = rng.pick(pool.last)
    let createdMs = kind === 'lead' ? rng.pick(leadBatches) + idx * 7 : localMoment(rng, pickDay(), city.utcOffset)
    createdMs = Math.min(createdMs, nowMs - 60_000)

    let phone: string | null = null
    if (kind === 'customer' && rng.chance(0.63)) {
      for (let tries = 0; tries < 5 && !phone; tries++) {
        const p =
          '+' +
          country.dial +
          fillPattern(
            rng,
            country.mobile.startsWith('XXX') ? country.mobile : (city.mobile ?? country.mobile),
            city.mobile,
          )
        if (!usedPhones.has(p)) {
          usedPhones.add(p)
          phone = p
        }
      }
    }

    const emailRoll = rng.next()
    const emailStatus: EmailConsent =
      kind === 'lead'
        ? emailRoll < 0.62
          ? 'subscribed'
          : 'never_subscribed'
        : emailRoll < 0.715
          ? 'subscribed'
          : emailRoll < 0.8
            ? 'unsubscribed'
            : 'never_subscribed'
    const suppressRoll = rng.next()
    const suppression =
      emailStatus === 'unsubscribed'
        ? suppressRoll < 0.06
          ? ('spam_complaint' as const)
          : ('unsubscribed' as const)
        : emailStatus === 'subscribed' && suppressRoll < 0.025
          ? ('bounced' as const)
          : null
    const signedUpAtCheckout = kind === 'customer' && rng.chance(0.25)
    const consentMethod =
      kind === 'lead'
        ? { method: 'import', source: 'CSV import' }
        : signedUpAtCheckout
          ? { method: 'checkout', source: 'Shopify checkout' }
          : rng.weighted([
              { weight: 5, method: 'form', source: 'Footer sign-up form' },
              { weight: 4, method: 'form', source: 'Welcome pop-up (10% off)' },
              { weight: 1, method: 'form', source: 'Back in stock form' },
            ])
    const smsRoll = rng.next()
    const sms: Customer['sms'] = {
      status: phone ? (smsRoll < 0.36 ? 'subscribed' : smsRoll < 0.43 ? 'unsubscribed' : null) : null,
      atMs: createdMs + rng.int(0, 20) * DAY_MS,
      transactional: phone !== null && smsRoll < 0.5,
    }

    out.push({
      idx,
      id: seededUlid(opts.idRng, createdMs),
      kind,
      createdMs,
      email: emailFor(rng, country, firstName, lastName, usedEmails),
      phone,
      externalId: kind === 'customer' ? String(6843000000000 + idx * 7919 + rng.int(0, 7000)) : null,
      firstName: kind === 'lead' && rng.chance(0.3) ? null : firstName,
      lastName: kind === 'lead' && rng.chance(0.4) ? null : lastName,
      locale: country.locale,
      address1: kind === 'customer' && rng.chance(0.8) ? street(rng, country) : null,
      city: city.city,
      region: city.region,
      country: country.name,
      zip: fillPattern(rng, city.zip),
      latitude: Math.round((city.lat + (rng.next() - 0.5) * 0.2) * 1e4) / 1e4,
      longitude: Math.round((city.lon + (rng.next() - 0.5) * 0.2) * 1e4) / 1e4,
      timezone: city.timezone,
      utcOffset: city.utcOffset,
      favoriteCategory: rng.weighted(CATEGORIES.map((c, i) => ({ c, weight: [9, 5, 6, 6, 4, 4, 3][i]! }))).c,
      birthday: kind === 'customer' ? birthday(rng, nowMs) : null,
      engagement:
        kind === 'lead' ? (rng.chance(0.25) ? rng.logNormal(0.03, 0.6) : 0) : Math.min(1.2, rng.logNormal(0.15, 0.8)),
      propensity: Math.min(2.6, rng.logNormal(0.9, 0.5)),
      churnAfterDays: rng.chance(0.3) ? rng.int(10, 150) : null,
      signedUpAtCheckout,
      email_: {
        status: emailStatus,
        atMs:
          createdMs +
          (emailStatus === 'unsubscribed' ? rng.int(3, 150) : rng.chance(0.8) ? 0 : rng.int(1, 40)) * DAY_MS,
        ...consentMethod,
        suppression,
      },
      sms,
      lastEventMs: null,
      updatedMs: createdMs,
      orders: 0,
      spent: 0,
    })
  }
  return out
}
