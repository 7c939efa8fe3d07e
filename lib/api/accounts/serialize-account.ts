// The account (GET /api/accounts, /api/accounts/{id}): the company of the API key, in the
// vendor's shape. The public key is the site id the /client endpoints and the onsite script take.
import { db } from '@/lib/db/client'
import { defaultFrom } from '@/lib/mail/smtp-pool'
import { apiLink, pickFields } from '../json-api'

export const ACCOUNT_FIELDS = [
  'test_account',
  'contact_information',
  'industry',
  'timezone',
  'preferred_currency',
  'public_api_key',
  'locale',
  'id',
] as const

/** The account row the key belongs to, with the sender defaults the footer and the sends use. */
export async function loadAccount(companyId: number) {
  const [company, email] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId } }),
    db.emailSettings.findUnique({ where: { companyId }, select: { defaultFromName: true, defaultFromEmail: true } }),
  ])
  return { company, email }
}

type Account = Awaited<ReturnType<typeof loadAccount>>

export function serializeAccount(url: URL, { company: c, email }: Account, fields: Set<string> | null = null) {
  const attributes: Record<string, unknown> = {
    test_account: c.isTestAccount,
    contact_information: {
      // The same fallbacks a send uses when its message names no sender.
      default_sender_name: email?.defaultFromName || c.name,
      default_sender_email: email?.defaultFromEmail || defaultFrom().replace(/^.*<([^>]+)>.*$/, '$1'),
      website_url: c.websiteUrl ?? null,
      organization_name: c.name,
      street_address: {
        address1: c.addressLine1 ?? null,
        address2: c.addressLine2 ?? null,
        city: c.city ?? null,
        region: c.addressRegion ?? null,
        country: c.country ?? null,
        zip: c.postalCode ?? null,
      },
    },
    industry: c.industry ?? null,
    timezone: c.timezone,
    preferred_currency: c.currency,
    public_api_key: c.publicApiKey,
    locale: `${c.localeLanguage}-${c.localeRegion}`,
  }
  const id = c.publicApiKey
  return {
    type: 'account' as const,
    id,
    attributes: pickFields(attributes, fields),
    links: { self: apiLink(url, `/accounts/${id}/`) },
  }
}
