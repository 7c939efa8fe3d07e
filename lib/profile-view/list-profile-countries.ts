// The countries written on the company's profiles, most common first, each with the ISO code it
// stands for (null when it names no country), for the segment builder's country choices.
import { db } from '@/lib/db/client'
import { countryCode } from '@/lib/segments/country-aliases'

export const MAX_COUNTRY_VALUES = 300

export async function listProfileCountries(companyId: number) {
  const rows = await db.profile.groupBy({
    by: ['country'],
    where: { companyId, country: { not: null } },
    _count: { _all: true },
    orderBy: { _count: { country: 'desc' } },
    take: MAX_COUNTRY_VALUES,
  })
  return {
    countries: rows
      .filter((r) => r.country && r.country.trim())
      .map((r) => ({ value: r.country!, code: countryCode(r.country!), count: r._count._all })),
  }
}
