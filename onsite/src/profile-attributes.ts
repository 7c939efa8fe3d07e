// klaviyo.identify's properties in the vendor's onsite form ($email, $first_name, $city, …, plus
// custom keys) → the /client/profiles attributes (email, first_name, location.city, properties).
const ATTRIBUTES: Record<string, string> = {
  $email: 'email',
  email: 'email',
  $phone_number: 'phone_number',
  phone_number: 'phone_number',
  $id: 'external_id',
  external_id: 'external_id',
  $first_name: 'first_name',
  first_name: 'first_name',
  $last_name: 'last_name',
  last_name: 'last_name',
  $organization: 'organization',
  $title: 'title',
  $image: 'image',
  $locale: 'locale',
}
const LOCATION: Record<string, string> = {
  $address1: 'address1',
  $address2: 'address2',
  $city: 'city',
  $region: 'region',
  $country: 'country',
  $zip: 'zip',
  $timezone: 'timezone',
}

export interface ProfileAttributes {
  email?: string
  phone_number?: string
  external_id?: string
  location?: Record<string, unknown>
  properties?: Record<string, unknown>
  [key: string]: unknown
}

export function toProfileAttributes(props: Record<string, unknown>): ProfileAttributes {
  const out: ProfileAttributes = {}
  const location: Record<string, unknown> = {}
  const properties: Record<string, unknown> = {}
  for (const key of Object.keys(props)) {
    const v = props[key]
    if (v === undefined) continue
    if (ATTRIBUTES[key]) out[ATTRIBUTES[key]] = typeof v === 'string' ? v.trim() : v
    else if (LOCATION[key]) location[LOCATION[key]] = v
    else properties[key] = v
  }
  if (Object.keys(location).length) out.location = location
  if (Object.keys(properties).length) out.properties = properties
  return out
}
