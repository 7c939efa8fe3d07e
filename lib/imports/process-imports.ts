// The row work of both import kinds. Each row is validated (parseProfileInput), upserted
// (identity resolution, mode 'import', at the time the import was accepted) and added to the
// job's lists.
import type { Ops } from '@/lib/db/ops'
import { UNKNOWN_PROFILE } from '@/lib/events/check-profile-refs'
import type { FieldErrors } from '@/lib/http/app-error'
import { findProfileIdOps } from '@/lib/profiles/profile-store'
import { addToListOps, getListOps } from '@/lib/profiles/list-membership-sync'
import type { ProfileInput } from '@/lib/profiles/types'
import { upsertProfileOps } from '@/lib/profiles/upsert-profile'
import { parseProfileInput } from '@/lib/profiles/validate-profile'
import type { ImportError } from './import-types'
import { parseCsv } from './parse-csv'
import { runImport, type ImportState, type RowOutcome } from './run-import'

function* writeRow(state: ImportState, raw: unknown, id: string | undefined, source: string, line: number, fieldName: (f: string) => string): Ops<RowOutcome> {
  const errors: FieldErrors = {}
  const input = parseProfileInput(raw, '', errors)
  if (!input.email && !input.phoneNumber && !input.externalId && !id && !Object.keys(errors).length) {
    return { errors: [{ line, message: 'The row has no email, phone number or external id.' }] }
  }
  if (Object.keys(errors).length) {
    return { errors: Object.entries(errors).flatMap(([f, ms]) => ms.map((message) => ({ line, field: fieldName(f), message }))) }
  }
  // The id was checked when the import was accepted; a profile deleted or merged away since then
  // is this row's problem, not a reason to fail the whole job.
  if (id && !(yield* findProfileIdOps(state.companyId, 'id', id))) {
    return { errors: [{ line, field: fieldName('id'), message: UNKNOWN_PROFILE }] }
  }
  const { raw: profile } = yield* upsertProfileOps(state.companyId, input, { mode: 'import', id, source, acceptedAt: state.acceptedAt })
  for (const listId of state.listIds) {
    yield* getListOps(state.companyId, listId)
    yield* addToListOps(state.companyId, listId, [profile.id], source)
  }
  return { profileId: profile.id }
}

export async function processBulkImport(state: ImportState) {
  const profiles = JSON.parse(state.input) as Array<ProfileInput & { id?: string }>
  await runImport(
    state,
    profiles.length,
    (i) => {
      const { id, ...rest } = profiles[i] ?? {}
      return writeRow(state, rest, id, 'api_bulk_import', i + 1, (f) => f)
    },
    (i) => i + 1,
  )
}

const SNAKE_TO_INPUT: Record<string, string> = {
  email: 'email', phone_number: 'phoneNumber', external_id: 'externalId', first_name: 'firstName', last_name: 'lastName',
  organization: 'organization', title: 'title',
}
const LOCATION = new Set(['city', 'region', 'country', 'zip'])

function propertyValue(v: string): unknown {
  if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true'
  if (/^-?(0|[1-9]\d{0,14})(\.\d+)?$/.test(v)) return Number(v)
  return v
}

export async function processCsvImport(state: ImportState) {
  const { csv, mapping } = JSON.parse(state.input) as { csv: string; mapping: Record<string, string> }
  const { header, rows } = await parseCsv(csv)
  const col = new Map(header.map((h, i) => [h, i]))
  // target (e.g. email, properties.size) → csv column, to name the column in errors
  const columnOf = new Map<string, string>()
  for (const [column, target] of Object.entries(mapping)) if (target !== 'skip') columnOf.set(target, column)
  const fieldName = (attr: string) => columnOf.get(attr) ?? columnOf.get(attr.replace(/^location\./, '')) ?? attr

  await runImport(
    state,
    rows.length,
    function* (i): Ops<RowOutcome> {
      const row = rows[i]!
      if (row.error) return { errors: [{ line: row.line, message: row.error } satisfies ImportError] }
      const input: Record<string, unknown> = {}
      const location: Record<string, unknown> = {}
      const properties: Record<string, unknown> = {}
      for (const [column, target] of Object.entries(mapping)) {
        if (target === 'skip') continue
        const v = (row.cells[col.get(column)!] ?? '').trim()
        if (v === '') continue
        if (target.startsWith('properties.')) properties[target.slice('properties.'.length)] = propertyValue(v)
        else if (LOCATION.has(target)) location[target] = v
        else if (SNAKE_TO_INPUT[target]) input[SNAKE_TO_INPUT[target]!] = v
      }
      if (Object.keys(location).length) input.location = location
      if (Object.keys(properties).length) input.properties = properties
      return yield* writeRow(state, input, undefined, 'csv_import', row.line, fieldName)
    },
    (i) => rows[i]?.line ?? i + 2,
  )
}
