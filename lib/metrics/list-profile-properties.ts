// Profile property names in use (GET /ajax/people/properties): the built-in fields, then the
// custom keys of Profile.properties over the most recently updated profiles, with their types.
import { sql } from 'kysely'
import { pickTypes, sampledPropertyTypes, type PropertyType } from './property-types'

export const PROFILE_SAMPLE = 2000

const BUILT_IN: Array<[string, PropertyType]> = [
  ['email', 'string'],
  ['phone_number', 'string'],
  ['external_id', 'string'],
  ['first_name', 'string'],
  ['last_name', 'string'],
  ['organization', 'string'],
  ['title', 'string'],
  ['image', 'string'],
  ['locale', 'string'],
  ['address1', 'string'],
  ['address2', 'string'],
  ['city', 'string'],
  ['region', 'string'],
  ['country', 'string'],
  ['zip', 'string'],
  ['timezone', 'string'],
  ['latitude', 'number'],
  ['longitude', 'number'],
  ['created', 'date'],
  ['updated', 'date'],
  ['last_event_date', 'date'],
]

export interface ProfilePropertyInfo {
  name: string
  type: PropertyType
  builtIn: boolean
}

export async function listProfileProperties(companyId: number): Promise<{ properties: ProfilePropertyInfo[] }> {
  const rows = await sampledPropertyTypes(sql`select properties from "Profile"
    where "companyId" = ${companyId} order by "updatedAt" desc limit ${PROFILE_SAMPLE}`)
  const builtIn = new Set(BUILT_IN.map(([n]) => n))
  return {
    properties: [
      ...BUILT_IN.map(([name, type]) => ({ name, type, builtIn: true })),
      ...pickTypes(rows)
        .filter((p) => !builtIn.has(p.name))
        .map((p) => ({ name: p.name, type: p.type, builtIn: false })),
    ],
  }
}
