// The organization as /settings/account/organization shows it.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { hasPostalAddress } from '@/lib/messaging/postal-address'

export async function getOrganization(companyId: number) {
  const c = await db.company.findUnique({ where: { id: companyId } })
  if (!c) throw notFound('Account not found.')
  return {
    name: c.name,
    websiteUrl: c.websiteUrl ?? '',
    logoUrl: c.logoUrl,
    industry: c.industry ?? '',
    address: {
      line1: c.addressLine1 ?? '',
      line2: c.addressLine2 ?? '',
      city: c.city ?? '',
      region: c.addressRegion ?? '',
      postalCode: c.postalCode ?? '',
      country: c.country ?? '',
    },
    /** Marketing mail needs a postal address in its footer. */
    hasPostalAddress: hasPostalAddress(c),
    currency: c.currency,
    localePreferences: { language: c.localeLanguage, region: c.localeRegion },
    timezone: c.timezone,
  }
}

export type Organization = Awaited<ReturnType<typeof getOrganization>>
