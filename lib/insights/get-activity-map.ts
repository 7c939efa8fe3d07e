// /activity-map: where the account's recent activity comes from. Profiles with an event in the
// last N days, counted by country (the profile's country as stored: a name or an ISO code,
// matched to the map's ISO alpha-2 codes) and, where a profile has coordinates, as dots.
import { z } from 'zod'
import { sql } from 'kysely'
import COUNTRIES from './world-map/countries.json'
import { num, rows } from './run-sql'

export const activityMapQuery = z
  .object({ days: z.coerce.number().int().min(1, 'At least 1 day.').max(90, 'At most 90 days.').default(7) })
  .strict()

const MAX_DOTS = 1000

let codeByName: Map<string, string> | null = null
/** The ISO code of a stored country ("United States", "US", "United States of America" → "US"). */
export function countryCode(value: string): string | null {
  if (!codeByName) {
    codeByName = new Map()
    const display = new Intl.DisplayNames(['en'], { type: 'region' })
    for (const c of COUNTRIES as Array<{ code: string | null; name: string }>) {
      if (!c.code) continue
      codeByName.set(c.code.toLowerCase(), c.code)
      codeByName.set(c.name.toLowerCase(), c.code)
      const english = display.of(c.code)
      if (english) codeByName.set(english.toLowerCase(), c.code)
    }
    codeByName.set('uk', 'GB')
  }
  return codeByName.get(value.trim().toLowerCase()) ?? null
}

export async function getActivityMap(companyId: number, q: z.infer<typeof activityMapQuery>, now = new Date()) {
  const since = Math.floor(now.getTime() / 1000) - q.days * 86_400
  const active = sql`(select distinct "profileId" from "Event" where "companyId" = ${companyId} and ts >= ${since})`
  const [byCountry, dots] = await Promise.all([
    rows(
      sql<{ country: string | null; n: unknown }>`select p.country as country, count(*) as n
        from ${active} a join "Profile" p on p.id = a."profileId" and p."companyId" = ${companyId}
        group by p.country`,
    ),
    rows(
      sql<{
        lat: unknown
        lon: unknown
        n: unknown
      }>`select round(p.latitude * 10) / 10 as lat, round(p.longitude * 10) / 10 as lon, count(*) as n
        from ${active} a join "Profile" p on p.id = a."profileId" and p."companyId" = ${companyId}
        where p.latitude is not null and p.longitude is not null
        group by round(p.latitude * 10) / 10, round(p.longitude * 10) / 10 order by count(*) desc limit ${MAX_DOTS}`,
    ),
  ])
  const counts = new Map<string, number>()
  let unknown = 0
  for (const r of byCountry) {
    const code = r.country ? countryCode(r.country) : null
    if (code) counts.set(code, (counts.get(code) ?? 0) + num(r.n))
    else unknown += num(r.n)
  }
  return {
    days: q.days,
    profiles: byCountry.reduce((s, r) => s + num(r.n), 0),
    countries: [...counts].map(([code, profiles]) => ({ code, profiles })).sort((a, b) => b.profiles - a.profiles),
    unknown,
    dots: dots.map((d) => ({ lat: num(d.lat), lon: num(d.lon), profiles: num(d.n) })),
  }
}
