// Shared shapes of import jobs.
export const CSV_IMPORT_JOB = 'lists.csv-import'
export const BULK_IMPORT_JOB = 'profiles.bulk-import'

export interface ImportError {
  /** CSV: the line in the file (header = 1); API bulk: the 1-based position in `profiles`. */
  line: number
  field?: string
  message: string
  /** The row was imported without this field (only the field was unusable); absent: the row was refused. */
  imported?: boolean
}

/** The consent the merchant declares for the people of a CSV import. */
export type ImportConsent = { status: 'subscribed'; source: string; sms?: boolean } | { status: 'not_subscribed' }

export const IMPORT_CONSENT_METHOD = 'CSV_IMPORT'
export const MAX_CONSENT_SOURCE = 200

export interface ImportJobPayload {
  companyId: number
  importJobId: string
}

/** Where a CSV column goes. */
export const CSV_TARGETS = [
  'email',
  'phone_number',
  'external_id',
  'first_name',
  'last_name',
  'organization',
  'title',
  'city',
  'region',
  'country',
  'zip',
  'skip',
] as const
export const isCsvTarget = (t: string) =>
  (CSV_TARGETS as readonly string[]).includes(t) || /^properties\.[^.\s][^]*$/.test(t)

export const MAX_BULK_PROFILES = 10_000
/** The size of a CSV import, as the upload screen says (5 MB). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024
/** Columns of a CSV import: a header row with more is refused before the rest is read. */
export const MAX_CSV_COLUMNS = 1000
