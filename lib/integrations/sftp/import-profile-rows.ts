// Profile rows of a drop-folder file: column → profile field (the list import's targets), each
// row upserted like an import, a row the profile rules refuse kept with its reason.
import { AppError } from '@/lib/errors/app-error'
import { parseCsv } from '@/lib/imports/parse-csv'
import type { ProfileInput } from '@/lib/profiles/types'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { csvDocument } from '@/lib/text/csv-writer'
import { REFUSED_HEADERS, type ImportOutcome } from '@/lib/integrations/csv-events/run-event-import'

const FIELDS: Record<string, keyof ProfileInput> = {
  email: 'email',
  phone_number: 'phoneNumber',
  external_id: 'externalId',
  first_name: 'firstName',
  last_name: 'lastName',
  organization: 'organization',
  title: 'title',
}
const LOCATION: Record<string, string> = { city: 'city', region: 'region', country: 'country', zip: 'zip' }

export async function importProfileRows(
  companyId: number,
  csv: string,
  mapping: Array<{ column: string; target: string }>,
): Promise<ImportOutcome> {
  const { header, rows } = await parseCsv(csv)
  const missing = mapping.map((m) => m.column).filter((c) => !header.includes(c))
  if (missing.length)
    throw new AppError(
      'invalid',
      400,
      'The file does not fit the mapping.',
      Object.fromEntries(missing.map((c) => [`mapping.${c}`, [`The file has no column "${c}".`]])),
    )
  const refused: string[][] = []
  let imported = 0
  for (const row of rows) {
    const input: Record<string, unknown> = {}
    const location: Record<string, string> = {}
    const properties: Record<string, string> = {}
    for (const { column: col, target } of mapping) {
      const v = (row.cells[header.indexOf(col)] ?? '').trim()
      if (!v || target === 'skip') continue
      if (FIELDS[target]) input[FIELDS[target]] = v
      else if (LOCATION[target]) location[LOCATION[target]] = v
      else if (target.startsWith('properties.')) properties[target.slice(11)] = v
    }
    if (Object.keys(location).length) input.location = location
    if (Object.keys(properties).length) input.properties = properties
    let reason = row.error ?? null
    if (!reason && !input.email && !input.phoneNumber && !input.externalId)
      reason = 'The row has no email, phone number or external id.'
    if (!reason) {
      try {
        await upsertProfile(companyId, input as ProfileInput, { mode: 'import' })
        imported++
        continue
      } catch (e) {
        if (!(e instanceof AppError)) throw e
        reason = e.fieldErrors
          ? Object.entries(e.fieldErrors)
              .map(([k, v]) => `${k}: ${v.join(' ')}`)
              .join(' ')
          : e.message
      }
    }
    refused.push([...header.map((_, i) => row.cells[i] ?? ''), String(row.line), reason])
  }
  return {
    totalRows: rows.length,
    importedRows: imported,
    refusedRows: refused.length,
    refusedCsv: refused.length ? csvDocument([...header, ...REFUSED_HEADERS], refused) : '',
  }
}
