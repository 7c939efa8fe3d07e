// Extracts from the vendor's OpenAPI document what the API layer and its conformance tests
// read, so neither needs the 2 MB document at run time:
//   lib/api/openapi-sparse-fields.json   every value fields[type] may take, per type
//   tests/fixtures/openapi-get-operations.json   per GET operation: its filter fields and
//     operators, its sorts, and the keys its response schema requires of data[].attributes
// Usage: node scripts/extract-openapi.mjs <klaviyo-openapi-YYYY-MM-DD.json>
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const source = process.argv[2]
if (!source) {
  console.error('usage: node scripts/extract-openapi.mjs <path to the vendor OpenAPI JSON>')
  process.exit(1)
}
const doc = JSON.parse(fs.readFileSync(source, 'utf8'))

const deref = (s) => {
  let out = s
  while (out && out.$ref) out = doc.components.schemas[out.$ref.split('/').pop()]
  return out ?? {}
}
/** The object schema of a (possibly allOf'd) schema, properties and required merged. */
function flatten(s) {
  const x = deref(s)
  const parts = x.allOf ? x.allOf.map(flatten) : []
  const properties = Object.assign({}, ...parts.map((p) => p.properties), x.properties)
  const required = [...new Set([...parts.flatMap((p) => p.required ?? []), ...(x.required ?? [])])]
  return { properties, required, items: x.items ?? parts.find((p) => p.items)?.items }
}

function filtersOf(param) {
  // "Allowed field(s)/operator(s):<br>`email`: `any`, `equals`<br>…"
  const text = param?.description ?? ''
  const at = text.indexOf('Allowed field(s)/operator(s):')
  if (at < 0) return null
  const out = {}
  for (const line of text.slice(at).split('<br>').slice(1)) {
    const m = /^`([^`]+)`: (.*)$/.exec(line.trim())
    if (m) out[m[1]] = [...m[2].matchAll(/`([^`]+)`/g)].map((g) => g[1])
  }
  return out
}

const sparse = {}
const operations = {}
for (const [p, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (typeof op !== 'object' || !op.parameters) continue
    const fields = {}
    for (const param of op.parameters) {
      const m = /^fields\[(.+)\]$/.exec(param.name)
      if (!m) continue
      const values = param.schema?.items?.enum ?? []
      fields[m[1]] = values
      sparse[m[1]] = [...new Set([...(sparse[m[1]] ?? []), ...values])].sort()
    }
    if (method !== 'get') continue
    const schema = op.responses?.['200']?.content?.['application/vnd.api+json']?.schema
    let requiredAttributes = []
    if (schema) {
      const top = flatten(schema)
      const data = top.properties.data
      const resource = flatten(data?.items ?? (deref(data).type === 'array' ? deref(data).items : data))
      requiredAttributes = flatten(resource.properties.attributes ?? {}).required
    }
    operations[`GET ${p}`] = {
      filters: filtersOf(op.parameters.find((x) => x.name === 'filter')),
      fieldTypes: Object.keys(fields),
      sorts: op.parameters.find((x) => x.name === 'sort')?.schema?.enum ?? [],
      requiredAttributes,
    }
  }
}
const write = (file, value) => fs.writeFileSync(path.join(root, file), JSON.stringify(value, null, 1) + '\n')
write('lib/api/openapi-sparse-fields.json', sparse)
write('tests/fixtures/openapi-get-operations.json', { revision: doc.info.version, operations })
console.log(
  `${Object.keys(sparse).length} types with sparse fieldsets, ${Object.keys(operations).length} GET operations`,
)
