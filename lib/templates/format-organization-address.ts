import type { TemplateOrganization } from './template-types'

/** One line: "Demo Store, 1 Main St, Suite 2, Springfield, IL 62701, United States". */
export function formatOrganizationAddress(org: TemplateOrganization | undefined | null): string {
  if (!org) return ''
  if (org.fullAddress) return org.fullAddress
  const regionLine = [org.region, org.postalCode].filter(Boolean).join(' ')
  return [org.name, org.address1, org.address2, org.city, regionLine, org.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ')
}
