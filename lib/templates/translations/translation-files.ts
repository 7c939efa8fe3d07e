// One language of a translation as a file for a translator: CSV (id, kind, source, translation)
// or an XLIFF-like JSON document ({sourceLanguage, targetLanguage, units: [{id, source, target}]}).
// An upload is checked row by row: every unknown id or unparseable translation is reported with
// its row, and nothing is written unless every row is good.
import Papa from 'papaparse'
import { z } from 'zod'
import { badRequest, type FieldErrors } from '@/lib/errors/app-error'
import { validateTemplate } from '@/lib/templates/validate-template'
import type { Strings } from './translatable-strings'
import type { TranslationTarget } from './translation-target'

export const FILE_FORMATS = ['csv', 'json'] as const
export type FileFormat = (typeof FILE_FORMATS)[number]
export const MAX_FILE_BYTES = 5 * 1024 * 1024

export function exportTranslation(target: TranslationTarget, locale: string, strings: Strings, format: FileFormat) {
  const units = target.strings.map((s) => ({ id: s.id, kind: s.kind, source: s.source, target: strings[s.id] ?? '' }))
  if (format === 'json')
    return JSON.stringify({ version: 1, sourceLanguage: 'original', targetLanguage: locale, units }, null, 2)
  // a leading = + - @ would run as a formula in a spreadsheet: quote it with an apostrophe
  const cell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v)
  return Papa.unparse({
    fields: ['id', 'kind', 'source', 'translation'],
    data: units.map((u) => [u.id, u.kind, cell(u.source), cell(u.target)]),
  })
}

const jsonFile = z.object({
  targetLanguage: z.string().optional(),
  units: z.array(z.object({ id: z.string(), target: z.string().nullable().optional() }).passthrough()).max(10_000),
})

type Row = { row: number; id: string; target: string }

function rowsOf(text: string, format: FileFormat): Row[] {
  if (format === 'json') {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw badRequest('The file is not JSON.', { file: ['The file is not JSON.'] })
    }
    const r = jsonFile.safeParse(parsed)
    if (!r.success)
      throw badRequest('The file has no units list of {id, target}.', { file: ['Expected {units: [{id, target}]}.'] })
    return r.data.units.map((u, i) => ({ row: i + 1, id: u.id, target: u.target ?? '' }))
  }
  const p = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
  const fields = p.meta.fields ?? []
  if (!fields.includes('id') || !fields.includes('translation'))
    throw badRequest('The CSV needs the columns id and translation.', {
      file: ['Columns id and translation are required.'],
    })
  // the header is line 1, so the first data row is row 2 as a spreadsheet numbers it
  return p.data.map((r, i) => ({
    row: i + 2,
    id: (r.id ?? '').trim(),
    target: (r.translation ?? '').replace(/^'(?=[=+\-@])/, ''),
  }))
}

/** The strings of an uploaded file, or a 400 naming each bad row. */
export function importTranslation(target: TranslationTarget, text: string, format: FileFormat): Strings {
  const rows = rowsOf(text, format)
  if (!rows.length) throw badRequest('The file has no rows.', { file: ['The file has no rows.'] })
  const known = new Set(target.strings.map((s) => s.id))
  const errors: FieldErrors = {}
  const strings: Strings = {}
  for (const r of rows) {
    const key = `row ${r.row}`
    if (!r.id) errors[key] = ['The id is empty.']
    else if (!known.has(r.id)) errors[key] = [`Unknown string id ${r.id}.`]
    else if (r.target.trim() && !validateTemplate(r.target).valid)
      errors[key] = validateTemplate(r.target).errors.map((e) => e.message)
    else strings[r.id] = r.target
  }
  if (Object.keys(errors).length)
    throw badRequest(`${Object.keys(errors).length} row(s) cannot be imported; nothing was changed.`, errors)
  return strings
}
