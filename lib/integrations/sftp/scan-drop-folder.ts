// One scan of a company's drop folder: each file matching a pattern is imported once (its
// sha256 is EventImport.checksum, unique per company, so a file dropped again or a scan racing
// another finds the row and skips it) and moved to processed/, or to failed/ when the file as a
// whole cannot be imported (its header does not fit the mapping). Refused rows are kept on the
// EventImport like an upload's.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { parseCsv } from '@/lib/imports/parse-csv'
import { MAX_CSV_BYTES } from '@/lib/imports/import-types'
import { checkEventMapping } from '@/lib/integrations/csv-events/mapping'
import { importEventRows, type ImportOutcome } from '@/lib/integrations/csv-events/run-event-import'
import { csvDocument } from '@/lib/text/csv-writer'
import { getSftpConfig, matchesPattern, type FilePattern } from './config'
import { resolveDropDirectory } from './drop-root'
import { importProfileRows } from './import-profile-rows'

export interface ScanResult {
  imported: string[]
  failed: string[]
  skipped: string[]
}

/** A file changed this recently may still be being written by the SFTP server: left for the next scan. */
export const settleMs = () => (process.env.SFTP_SETTLE_MS ? Number(process.env.SFTP_SETTLE_MS) || 0 : 60_000)

function moveTo(dir: string, sub: 'processed' | 'failed', name: string) {
  fs.mkdirSync(path.join(dir, sub), { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  fs.renameSync(path.join(dir, name), path.join(dir, sub, `${stamp}-${name}`))
}

async function importFile(companyId: number, csv: string, p: FilePattern): Promise<ImportOutcome> {
  if (p.kind === 'profiles') return importProfileRows(companyId, csv, p.mapping)
  const { header } = await parseCsv(csv)
  return importEventRows(companyId, csv, checkEventMapping(p.mapping, header))
}

function problemText(e: unknown): string {
  if (e instanceof AppError && e.fieldErrors)
    return Object.entries(e.fieldErrors)
      .map(([k, v]) => `${k}: ${v.join(' ')}`)
      .join(' ')
  return e instanceof Error ? e.message : String(e)
}

export async function scanDropFolder(companyId: number): Promise<ScanResult> {
  const result: ScanResult = { imported: [], failed: [], skipped: [] }
  const config = await getSftpConfig(companyId)
  if (!config || !config.enabled) return result
  // Checked again on every scan: the folder may have been replaced by a link since it was saved.
  const dir = resolveDropDirectory(config.directory)
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort()
  for (const name of names) {
    const pattern = config.patterns.find((p) => matchesPattern(name, p.pattern))
    if (!pattern) continue
    const file = path.join(dir, name)
    const stat = fs.statSync(file)
    if (Date.now() - stat.mtimeMs < settleMs()) continue
    if (stat.size > MAX_CSV_BYTES) {
      result.failed.push(name)
      moveTo(dir, 'failed', name)
      continue
    }
    const text = fs.readFileSync(file, 'utf8')
    const checksum = createHash('sha256').update(text).digest('hex')
    let id: string
    try {
      id = (
        await db.eventImport.create({
          data: {
            id: randomUUID(),
            companyId,
            source: 'sftp',
            fileName: name,
            kind: pattern.kind,
            mapping: JSON.stringify(pattern.mapping),
            status: 'processing',
            checksum,
          },
        })
      ).id
    } catch (e) {
      if ((e as { code?: string })?.code !== 'P2002') throw e
      result.skipped.push(name) // imported before: the same content dropped again
      moveTo(dir, 'processed', name)
      continue
    }
    try {
      const outcome = await importFile(companyId, text, pattern)
      await db.eventImport.updateMany({
        where: { id, companyId },
        data: { ...outcome, status: 'complete', finishedAt: new Date() },
      })
      result.imported.push(name)
      moveTo(dir, 'processed', name)
    } catch (e) {
      await db.eventImport.updateMany({
        where: { id, companyId },
        data: { status: 'failed', finishedAt: new Date(), refusedCsv: csvDocument(['Reason'], [[problemText(e)]]) },
      })
      result.failed.push(name)
      moveTo(dir, 'failed', name)
    }
  }
  await db.sftpImportConfig.update({ where: { companyId }, data: { lastScanAt: new Date() } })
  return result
}
