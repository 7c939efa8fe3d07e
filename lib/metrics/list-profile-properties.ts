// Profile property names in use (GET /ajax/people/properties): the built-in fields, then the
// custom keys of Profile.properties over the most recently updated profiles, with their types.
import { prep } from '@/lib/db/sqlite'
import { JSON_TYPE_SQL, pickTypes, type PropertyType } from './property-types'

export const PROFILE_SAMPLE = 2000

const BUILT_IN: Array<[string, PropertyType]> = [
  ['email', 'string'], ['phone_number', 'string'], ['external_id', 'string'], ['first_name', 'string'], ['last_name', 'string'],
  ['organization', 'string'], ['title', 'string'], ['image', 'string'], ['locale', 'string'], ['address1', 'string'],
  ['address2', 'string'], ['city', 'string'], ['region', 'string'], ['country', 'string'], ['zip', 'string'],
  ['timezone', 'string'], ['latitude', 'number'], ['longitude', 'number'], ['created', 'date'], ['updated', 'date'],
  ['last_event_date', 'date'],
]

export interface ProfilePropertyInfo {
  name: string
  type: PropertyType
  builtIn: boolean
}

export function listProfileProperties(companyId: number): { properties: ProfilePropertyInfo[] } {
  const rows = prep(`SELECT j.key AS key, ${JSON_TYPE_SQL} AS type, COUNT(*) AS n
    FROM (SELECT properties FROM Profile WHERE companyId = ? ORDER BY updatedAt DESC LIMIT ${PROFILE_SAMPLE}) pr,
      json_each(CASE WHEN NOT json_valid(pr.properties) THEN '{}' WHEN json_type(pr.properties) = 'object' THEN pr.properties ELSE '{}' END) j
    GROUP BY j.key, type`).all(companyId) as Array<{ key: string; type: PropertyType | null; n: number }>
  const builtIn = new Set(BUILT_IN.map(([n]) => n))
  return {
    properties: [
      ...BUILT_IN.map(([name, type]) => ({ name, type, builtIn: true })),
      ...pickTypes(rows).filter((p) => !builtIn.has(p.name)).map((p) => ({ name: p.name, type: p.type, builtIn: false })),
    ],
  }
}
