// The import history of /integration/upload-csv and /sftp/set-up (newest first), and one
// import's refused rows for download; always one company's.
import { db } from '@/lib/db/client'

const SUMMARY = {
  id: true,
  source: true,
  fileName: true,
  kind: true,
  status: true,
  totalRows: true,
  importedRows: true,
  refusedRows: true,
  createdAt: true,
  finishedAt: true,
} as const

export function listEventImports(companyId: number, source?: 'upload' | 'sftp', take = 50) {
  return db.eventImport.findMany({
    where: { companyId, ...(source ? { source } : {}) },
    orderBy: { createdAt: 'desc' },
    take,
    select: SUMMARY,
  })
}

export async function refusedRows(companyId: number, id: string): Promise<{ fileName: string; csv: string } | null> {
  const row = await db.eventImport.findFirst({ where: { id, companyId }, select: { fileName: true, refusedCsv: true } })
  return row ? { fileName: row.fileName.replace(/\.csv$/i, '') + '-refused.csv', csv: row.refusedCsv } : null
}
