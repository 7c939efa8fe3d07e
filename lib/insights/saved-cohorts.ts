// Saved cohort reports: SavedReport rows of kind 'cohort' whose definition is a
// CohortDefinition; read and written only within their company.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { cohortDefinition, type CohortDefinition } from './inputs'

const KIND = 'cohort'

export interface SavedCohort {
  id: string
  name: string
  definition: CohortDefinition
  createdAt: string
}

const view = (r: { id: string; name: string; definition: string; createdAt: Date }): SavedCohort => ({
  id: r.id,
  name: r.name,
  definition: cohortDefinition.parse(JSON.parse(r.definition)),
  createdAt: r.createdAt.toISOString(),
})

export async function listSavedCohorts(companyId: number): Promise<SavedCohort[]> {
  const found = await db.savedReport.findMany({
    where: { companyId, kind: KIND },
    orderBy: { createdAt: 'desc' },
    take: 200,
  })
  return found.map(view)
}

export async function getSavedCohort(companyId: number, id: string): Promise<SavedCohort> {
  const r = await db.savedReport.findFirst({ where: { id, companyId, kind: KIND } })
  if (!r) throw notFound('Cohort report not found.')
  return view(r)
}

export async function createSavedCohort(
  companyId: number,
  userId: number | null,
  input: { name: string; definition: CohortDefinition },
): Promise<SavedCohort> {
  const r = await db.savedReport.create({
    data: {
      id: ulid(),
      companyId,
      name: input.name,
      kind: KIND,
      definition: JSON.stringify(input.definition),
      createdById: userId,
    },
  })
  return view(r)
}
