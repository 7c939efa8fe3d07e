// CSV import of email suppressions (/people/suppressed/import): the file is read by the import
// path's CSV parser, the email column is found by its header, unknown addresses become profiles
// (the vendor suppresses people it has not seen yet, so a later sign-up stays suppressed), and
// the suppressions are written set-based with reason 'manual'. Rows already suppressed are
// counted, not duplicated; bad rows are refused with their line number.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { parseCsv } from '@/lib/imports/parse-csv'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'

export const MAX_SUPPRESSION_ROWS = 50_000
const CHUNK = 500
const SHOWN_REFUSALS = 100

export const importSuppressionsBody = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(5 * 1024 * 1024, 'The file is larger than 5 MB.'),
})

export interface SuppressionImportResult {
  suppressed: number
  alreadySuppressed: number
  createdProfiles: number
  refusedCount: number
  refused: Array<{ line: number; message: string }>
}

const EMAIL = z.string().email().max(254)

const chunks = <T>(xs: T[], n = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n))

export async function importSuppressions(companyId: number, csv: string): Promise<SuppressionImportResult> {
  const parsed = await parseCsv(csv)
  const col = parsed.header.findIndex((h) => /^e-?mail(\s*address)?$/i.test(h.trim()))
  if (col < 0) throw badRequest('The file needs an Email column.', { csv: ['The file needs an Email column.'] })
  if (parsed.rows.length > MAX_SUPPRESSION_ROWS)
    throw badRequest('Too many rows.', { csv: [`At most ${MAX_SUPPRESSION_ROWS.toLocaleString('en-US')} rows.`] })

  const refused: Array<{ line: number; message: string }> = []
  const emails = new Set<string>()
  for (const r of parsed.rows) {
    const v = (r.cells[col] ?? '').trim().toLowerCase()
    if (r.error) refused.push({ line: r.line, message: r.error })
    else if (!v && r.cells.every((c) => !c.trim())) continue
    else if (!EMAIL.safeParse(v).success) refused.push({ line: r.line, message: 'Not an email address.' })
    else emails.add(v)
  }

  const ids = new Map<string, string>()
  for (const part of chunks([...emails])) {
    const found = await db.profile.findMany({
      where: { companyId, email: { in: part } },
      select: { id: true, email: true },
    })
    for (const p of found) ids.set(p.email!, p.id)
  }
  const missing = [...emails].filter((e) => !ids.has(e))
  for (const part of chunks(missing)) {
    const rows = part.map((email) => ({ id: ulid(), companyId, email }))
    await db.profile.createMany({ data: rows })
    for (const r of rows) ids.set(r.email, r.id)
  }

  const profileIds = [...ids.values()]
  const already = new Set<string>()
  for (const part of chunks(profileIds)) {
    const rows = await db.suppression.findMany({
      where: { companyId, channel: 'email', clearedAt: null, profileId: { in: part } },
      select: { profileId: true },
    })
    for (const r of rows) already.add(r.profileId)
  }
  const fresh = profileIds.filter((id) => !already.has(id))
  for (const part of chunks(fresh))
    await db.suppression.createMany({
      data: part.map((profileId) => ({ companyId, profileId, channel: 'email', reason: 'manual' })),
    })
  // Segments on "can receive email" follow the new suppressions.
  for (let i = 0; i < fresh.length; i += 5000)
    await reevaluateProfiles(companyId, fresh.slice(i, i + 5000), { profileChanged: true })

  return {
    suppressed: fresh.length,
    alreadySuppressed: already.size,
    createdProfiles: missing.length,
    refusedCount: refused.length,
    refused: refused.slice(0, SHOWN_REFUSALS),
  }
}
