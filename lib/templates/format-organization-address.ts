import type { TemplateOrganization } from './template-types'

/**
 * The postal address on one line: "1 Main St, Suite 2, Springfield, IL 62701, United States".
 * The name is not part of it: footers print "{{ organization.name }} · {% organization_address %}",
 * and an address that began with the name read "Demo Store · Demo Store, …" (or just
 * "Demo Store · Demo Store" when no address was set).
 */
export function formatOrganizationAddress(org: TemplateOrganization | undefined | null): string {
  if (!org) return ''
  if (org.fullAddress) return org.fullAddress
  const regionLine = [org.region, org.postalCode].filter(Boolean).join(' ')
  return [org.address1, org.address2, org.city, regionLine, org.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ')
}
