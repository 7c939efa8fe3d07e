// Marketing email carries the sender's postal address in its footer (CAN-SPAM asks for a valid
// physical address; the vendor refuses marketing sends without one). The organization settings,
// the campaign review, the flow issues and the sending policy all use this one rule.

export interface PostalAddressFields {
  addressLine1: string | null
  city: string | null
  country: string | null
}

export function hasPostalAddress(c: PostalAddressFields | null | undefined): boolean {
  return !!(c?.addressLine1?.trim() && c.city?.trim() && c.country?.trim())
}

/** Where a merchant adds it. */
export const ORGANIZATION_SETTINGS_PATH = '/settings/account/organization'
