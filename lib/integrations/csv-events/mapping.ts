// The column mapping of a CSV of events (/integration/upload-csv and the SFTP drop folder): which
// column names the profile, the metric (fixed or from a column), the time (with its format), the
// value, the unique id and the properties. Checked against the file's header before anything is
// stored, so a wrong mapping is a 400 with a field error per problem, never a job of refusals.
import { z } from 'zod'
import { AppError, type FieldErrors } from '@/lib/errors/app-error'

export const TIME_FORMATS = ['iso', 'unix', 'unix_ms', 'mdy', 'dmy'] as const
export type TimeFormat = (typeof TIME_FORMATS)[number]

export const csvEventMappingSchema = z.object({
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  externalId: z.string().optional(),
  metricName: z.string().trim().max(255).optional(),
  metricColumn: z.string().optional(),
  timeColumn: z.string().optional(),
  timeFormat: z.enum(TIME_FORMATS).default('iso'),
  valueColumn: z.string().optional(),
  uniqueIdColumn: z.string().optional(),
  /** A list, not an object keyed by column: the /ajax wrapper camelizes body keys, and column names must survive as written. */
  properties: z
    .array(z.object({ column: z.string(), name: z.string().trim().min(1).max(255) }))
    .max(400)
    .default([]),
})
export type CsvEventMapping = z.infer<typeof csvEventMappingSchema>

const COLUMN_FIELDS = [
  'email',
  'phoneNumber',
  'externalId',
  'metricColumn',
  'timeColumn',
  'valueColumn',
  'uniqueIdColumn',
] as const

/** Parses and checks the mapping against the header; throws 400 with `mapping.<field>` errors. */
export function checkEventMapping(raw: unknown, header: string[]): CsvEventMapping {
  const parsed = csvEventMappingSchema.safeParse(raw ?? {})
  const errors: FieldErrors = {}
  const add = (k: string, m: string) => (errors[`mapping.${k}`] ??= []).push(m)
  if (!parsed.success) {
    for (const i of parsed.error.issues) add(i.path.join('.') || '_', i.message)
    throw new AppError('invalid', 400, 'Please correct the mapping.', errors)
  }
  const m = parsed.data
  const columns = new Set(header)
  for (const k of COLUMN_FIELDS) {
    const c = m[k]
    if (c !== undefined && c !== '' && !columns.has(c)) add(k, `The file has no column "${c}".`)
  }
  m.properties.forEach((p, i) => {
    if (!columns.has(p.column)) add(`properties.${i}.column`, `The file has no column "${p.column}".`)
  })
  if (!m.email && !m.phoneNumber && !m.externalId)
    add('email', 'Map a column to the profile’s email, phone number or external id.')
  if (!m.metricName && !m.metricColumn) add('metricName', 'Give the metric name or the column that holds it.')
  if (m.metricName && m.metricColumn) add('metricName', 'Give either a metric name or a metric column, not both.')
  if (Object.keys(errors).length) throw new AppError('invalid', 400, 'Please correct the mapping.', errors)
  return m
}
