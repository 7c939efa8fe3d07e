// The row work of both import kinds. Each row is validated (parseProfileInput), upserted
// (identity resolution, mode 'import', at the time the import was accepted) and added to the
// job's lists. A CSV row whose only problem is one or more unusable fields (a bad phone number,
// an invalid email next to an external id) is imported without them, and each such field is
// reported; a row left without an email, phone number or external id is refused.
import type { Ops } from '@/lib/db/ops'
import { UNKNOWN_PROFILE } from '@/lib/events/check-profile-refs'
import type { FieldErrors } from '@/lib/errors/app-error'
import { findProfileIdOps } from '@/lib/profiles/profile-store'
import { addToListOps, getListOps } from '@/lib/profiles/list-membership-sync'
import type { ProfileInput } from '@/lib/profiles/types'
import { upsertProfileOps } from '@/lib/profiles/upsert-profile'
import { parseProfileInput } from '@/lib/profiles/validate-profile'
import { getConsentStatusOps, setConsentOps } from '@/lib/profiles/consent-sync'
import { IMPORT_CONSENT_METHOD, type ImportConsent, type ImportError } from './import-types'
import { companyPhoneRegion } from './company-phone-region'
import { normalizePhone, phoneProblemMessage } from './normalize-phone'
import { parseCsv } from './parse-csv'
import { runImport, type ImportState, type RowOutcome } from './run-import'

interface RowOptions {
  /** Import the row without its unusable fields (CSV); otherwise any problem refuses the row (API bulk). */
  partial?: boolean
  /** Fields already left out before validation (a phone number that could not be read). */
  dropped?: ImportError[]
  consent?: ImportConsent
}

const INPUT_KEY: Record<string, string> = {
  phone_number: 'phoneNumber',
  external_id: 'externalId',
  first_name: 'firstName',
  last_name: 'lastName',
}

/** Removes the attribute an error path names ('email', 'location.city', 'properties.Size') from a row. */
function dropAttribute(raw: Record<string, unknown>, path: string) {
  const [head, ...rest] = path.split('.')
  const key = INPUT_KEY[head!] ?? head!
  if (!rest.length || !raw[key] || typeof raw[key] !== 'object') {
    delete raw[key]
    return
  }
  const inner = { ...(raw[key] as Record<string, unknown>) }
  delete inner[rest.join('.')]
  if (Object.keys(inner).length) raw[key] = inner
  else delete raw[key]
}

function* writeRow(
  state: ImportState,
  raw: unknown,
  id: string | undefined,
  source: string,
  line: number,
  fieldName: (f: string) => string,
  opts: RowOptions = {},
): Ops<RowOutcome> {
  let errors: FieldErrors = {}
  let input = parseProfileInput(raw, '', errors)
  const dropped: ImportError[] = [...(opts.dropped ?? [])]
  if (opts.partial && Object.keys(errors).length && raw && typeof raw === 'object') {
    const rest = { ...(raw as Record<string, unknown>) }
    for (const [f, ms] of Object.entries(errors)) {
      dropAttribute(rest, f)
      for (const message of ms) dropped.push({ line, field: fieldName(f), message })
    }
    errors = {}
    input = parseProfileInput(rest, '', errors)
  }
  if (!input.email && !input.phoneNumber && !input.externalId && !id && !Object.keys(errors).length) {
    // Nothing identifies the person: the fields left out, if any, are why the row is refused.
    return {
      errors: dropped.length ? dropped : [{ line, message: 'The row has no email, phone number or external id.' }],
    }
  }
  if (Object.keys(errors).length) {
    return {
      errors: Object.entries(errors).flatMap(([f, ms]) =>
        ms.map((message) => ({ line, field: fieldName(f), message })),
      ),
    }
  }
  // The id was checked when the import was accepted; a profile deleted or merged away since then
  // is this row's problem, not a reason to fail the whole job.
  if (id && !(yield* findProfileIdOps(state.companyId, 'id', id))) {
    return { errors: [{ line, field: fieldName('id'), message: UNKNOWN_PROFILE }] }
  }
  const { raw: profile } = yield* upsertProfileOps(state.companyId, input, {
    mode: 'import',
    id,
    source,
    acceptedAt: state.acceptedAt,
  })
  for (const listId of state.listIds) {
    yield* getListOps(state.companyId, listId)
    yield* addToListOps(state.companyId, listId, [profile.id], source)
  }
  if (opts.consent?.status === 'subscribed') yield* recordConsent(state.companyId, profile, opts.consent)
  if (!dropped.length) return { profileId: profile.id }
  return {
    profileId: profile.id,
    warnings: dropped.map((d) => ({ ...d, message: `${d.message} The row was imported without it.`, imported: true })),
  }
}

/**
 * The merchant declared the imported people subscribed: email marketing (and SMS marketing when
 * asked and the person has a phone number) with the method and the source they gave. Someone who
 * unsubscribed is never resubscribed by an import.
 */
function* recordConsent(
  companyId: number,
  profile: { id: string; email?: unknown; phoneNumber?: unknown },
  consent: Extract<ImportConsent, { status: 'subscribed' }>,
): Ops<void> {
  const channels = [
    ...(profile.email ? ['email_marketing' as const] : []),
    ...(consent.sms && profile.phoneNumber ? ['sms_marketing' as const] : []),
  ]
  for (const channel of channels) {
    const current = yield* getConsentStatusOps(companyId, profile.id, channel)
    if (current === 'unsubscribed' || current === 'subscribed') continue
    yield* setConsentOps(companyId, profile.id, channel, 'subscribed', {
      method: IMPORT_CONSENT_METHOD,
      source: consent.source,
    })
  }
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
  email: 'email',
  phone_number: 'phoneNumber',
  external_id: 'externalId',
  first_name: 'firstName',
  last_name: 'lastName',
  organization: 'organization',
  title: 'title',
}
const LOCATION = new Set(['city', 'region', 'country', 'zip'])

function propertyValue(v: string): unknown {
  if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true'
  if (/^-?(0|[1-9]\d{0,14})(\.\d+)?$/.test(v)) return Number(v)
  return v
}

export async function processCsvImport(state: ImportState) {
  const { csv, mapping, consent } = JSON.parse(state.input) as {
    csv: string
    mapping: Record<string, string>
    consent?: ImportConsent
  }
  const { header, rows } = await parseCsv(csv)
  const region = await companyPhoneRegion(state.companyId)
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
      const dropped: ImportError[] = []
      for (const [column, target] of Object.entries(mapping)) {
        if (target === 'skip') continue
        const v = (row.cells[col.get(column)!] ?? '').trim()
        if (v === '') continue
        if (target === 'phone_number') {
          const phone = normalizePhone(v, region)
          if (phone.ok) input.phoneNumber = phone.e164
          else dropped.push({ line: row.line, field: column, message: phoneProblemMessage(phone.reason, region) })
        } else if (target.startsWith('properties.')) properties[target.slice('properties.'.length)] = propertyValue(v)
        else if (LOCATION.has(target)) location[target] = v
        else if (SNAKE_TO_INPUT[target]) input[SNAKE_TO_INPUT[target]!] = v
      }
      if (Object.keys(location).length) input.location = location
      if (Object.keys(properties).length) input.properties = properties
      return yield* writeRow(state, input, undefined, 'csv_import', row.line, fieldName, {
        partial: true,
        dropped,
        consent,
      })
    },
    (i) => rows[i]?.line ?? i + 2,
  )
}
