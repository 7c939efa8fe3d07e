// The reference's object schema (properties, required, source mapping) → our object type
// columns: the fields with their source paths, the data source and id path, the profile link.
// Every refusal points at its place in the body.
import { invalidPointer } from '@/lib/api/api-error'
import { ownsDataSource, type ObjectTypeInput } from '../object-types'
import type { ObjectField, ProfileIdType } from '../types'
import type { SchemaAttributes } from './bodies'

export async function schemaToInput(
  companyId: number,
  a: Partial<SchemaAttributes>,
  base: string,
): Promise<Partial<ObjectTypeInput>> {
  const out: Partial<ObjectTypeInput> = {}
  const props = a.properties ?? undefined
  const mapping = a['source-mapping']?.data.attributes
  if (props) {
    const names = new Set<string>()
    props.forEach((p, i) => {
      if (names.has(p.name))
        throw invalidPointer(`${base}/properties/${i}/name`, `The property ${p.name} is listed twice.`)
      names.add(p.name)
    })
    out.fields = props.map((p): ObjectField => ({ id: p.id, name: p.name, type: p.type, path: p.name }))
  }
  if (a.required) {
    const known = new Set((out.fields ?? []).map((f) => f.name))
    a.required.forEach((r, i) => {
      if (out.fields && !known.has(r))
        throw invalidPointer(`${base}/required/${i}`, `${r} is not one of the schema's properties.`)
    })
    out.required = a.required
  }
  if (a.status) out.status = a.status
  if (!mapping) return out
  const mapBase = `${base}/source-mapping/data/attributes`
  for (const [i, m] of (mapping.property_mappings ?? []).entries()) {
    if (m.type !== 'simple') continue
    const field = out.fields?.find((f) => f.id === m.id)
    if (!field) throw invalidPointer(`${mapBase}/property_mappings/${i}/id`, `No property has the id ${m.id}.`)
    if (!(await ownsDataSource(companyId, m.source.source_id)))
      throw invalidPointer(
        `${mapBase}/property_mappings/${i}/source/source_id`,
        `A data source with id ${m.source.source_id} was not found.`,
      )
    field.path = m.source.data_path
    out.dataSourceId = m.source.source_id
    out.idPath = m.source.id_path
  }
  for (const [i, m] of (mapping.relationship_mappings ?? []).entries()) {
    if (m.source.type !== 'profile') continue
    const first = m.source.related_id_paths?.find((p) => p.identifier_type !== 'anonymous')
    if (!first)
      throw invalidPointer(
        `${mapBase}/relationship_mappings/${i}/source/related_id_paths`,
        'A profile relationship needs an email, external-id, phone or klaviyo-id path.',
      )
    if (!(await ownsDataSource(companyId, m.source.source_id)))
      throw invalidPointer(
        `${mapBase}/relationship_mappings/${i}/source/source_id`,
        `A data source with id ${m.source.source_id} was not found.`,
      )
    out.dataSourceId ??= m.source.source_id
    out.idPath ??= m.source.id_path
    out.profileIdType = first.identifier_type as ProfileIdType
    out.profilePath = first.path
  }
  return out
}
