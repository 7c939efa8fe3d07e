// Profile property names between our definition and the vendor's profile-property conditions:
// attributes by their API name (email, first_name …), location fields as location['city'] and
// custom properties as properties['name'], the forms the vendor's segment builder writes. The
// dotted forms (location.city, properties.name) and a bare custom name are read as well.
import { BUILTIN_FIELDS, type BuiltinField } from '@/lib/segments/definition'

const LOCATION_FIELDS: readonly BuiltinField[] = ['city', 'region', 'country', 'zip', 'timezone']

/** Our field (a builtin or properties.<name>) → the vendor's property name. */
export function vendorPropertyName(field: string): string {
  if (field.startsWith('properties.')) return `properties['${field.slice('properties.'.length)}']`
  if (LOCATION_FIELDS.includes(field as BuiltinField)) return `location['${field}']`
  return field
}

/** The vendor's property name → our field; custom names become properties.<name>. */
export function ourPropertyField(name: string): string {
  const bracket = /^(location|properties)\[(['"])(.+)\2\]$/.exec(name)
  const dotted = /^(location|properties)\.(.+)$/.exec(name)
  const [scope, key] = bracket ? [bracket[1], bracket[3]!] : dotted ? [dotted[1], dotted[2]!] : [null, name]
  if (scope === 'location') return key
  if (scope === 'properties') return `properties.${key}`
  if ((BUILTIN_FIELDS as readonly string[]).includes(name) && !LOCATION_FIELDS.includes(name as BuiltinField))
    return name
  return `properties.${name}`
}
