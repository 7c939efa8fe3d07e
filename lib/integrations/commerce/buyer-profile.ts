// A store customer as a profile input: only identifiers our validation accepts (a store may hold
// a phone number that is not E.164, or an email with a typo), so one bad field never makes the
// whole order's events invalid.
import { z } from 'zod'
import type { ProfileInput } from '@/lib/profiles/types'
import type { StoreAddress, StoreCustomer } from './types'

const PHONE_E164 = /^\+[1-9]\d{6,14}$/

export function cleanEmail(v: string | null | undefined): string | null {
  const e = v?.trim().toLowerCase()
  return e && z.regexes.email.test(e) ? e : null
}

export function cleanPhone(v: string | null | undefined): string | null {
  const p = v?.replace(/[\s().-]/g, '')
  return p && PHONE_E164.test(p) ? p : null
}

const str = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

function location(a: StoreAddress | null | undefined): ProfileInput['location'] | undefined {
  if (!a) return undefined
  const loc = {
    address1: str(a.address1),
    address2: str(a.address2),
    city: str(a.city),
    region: str(a.region),
    country: str(a.country),
    zip: str(a.zip),
  }
  return Object.values(loc).some((v) => v !== undefined) ? loc : undefined
}

/** The profile to write for a store customer, or null when it has no usable email or phone. */
export function buyerProfile(
  c: StoreCustomer | null | undefined,
  fallbackAddress?: StoreAddress | null,
): ProfileInput | null {
  if (!c) return null
  const email = cleanEmail(c.email)
  const phoneNumber = cleanPhone(c.phone)
  if (!email && !phoneNumber) return null
  const p: ProfileInput = {}
  if (email) p.email = email
  if (phoneNumber) p.phoneNumber = phoneNumber
  const firstName = str(c.firstName)
  const lastName = str(c.lastName)
  if (firstName) p.firstName = firstName
  if (lastName) p.lastName = lastName
  const loc = location(c.address ?? fallbackAddress)
  if (loc) p.location = loc
  return p
}
