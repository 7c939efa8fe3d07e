// Import jobs of a company (a job of another company is simply not found).
import type { ImportJob } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import type { ImportError } from './import-types'

export async function getImportJob(companyId: number, id: string): Promise<ImportJob | null> {
  return db.importJob.findFirst({ where: { companyId, id } })
}

export async function listImportJobs(
  companyId: number,
  opts: { listId?: string; kind?: string; take?: number } = {},
): Promise<Array<Omit<ImportJob, 'input'>>> {
  return db.importJob.findMany({
    where: {
      companyId,
      ...(opts.kind ? { kind: opts.kind } : {}),
      ...(opts.listId ? { listIds: { contains: JSON.stringify(opts.listId) } } : {}),
    },
    orderBy: { createdAt: 'desc' },
    take: opts.take ?? 100,
    omit: { input: true }, // the stored file can be megabytes
  })
}

export function importErrors(job: Pick<ImportJob, 'errors'>): ImportError[] {
  try {
    const v = JSON.parse(job.errors)
    return Array.isArray(v) ? v : []
  } catch {
    return []
  }
}
