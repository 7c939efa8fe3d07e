// The experiments of one form, newest first, with their variations (for /forms/{id}/reports/tests).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'

export async function listFormExperiments(companyId: number, formId: string) {
  const form = await db.form.findFirst({ where: { companyId, id: formId }, select: { id: true, name: true } })
  if (!form) throw notFound('This form does not exist.')
  const [experiments, versions] = await Promise.all([
    db.formExperiment.findMany({ where: { companyId, formId }, orderBy: { id: 'desc' } }),
    db.formVersion.findMany({
      where: { companyId, formId },
      select: { id: true, variationName: true, status: true, experimentId: true, weight: true },
      orderBy: { id: 'asc' },
    }),
  ])
  return {
    form,
    versions: versions.map((v) => ({ id: v.id, name: v.variationName, status: v.status })),
    experiments: experiments.map((e) => ({
      id: e.id,
      name: e.name,
      status: e.status,
      winnerMode: e.winnerMode,
      winnerVersionId: e.winnerVersionId,
      startedAt: e.startedAt?.toISOString() ?? null,
      endedAt: e.endedAt?.toISOString() ?? null,
      createdAt: e.createdAt.toISOString(),
      variations: versions
        .filter((v) => v.experimentId === e.id)
        .map((v) => ({ id: v.id, name: v.variationName, weight: v.weight })),
    })),
  }
}
export type FormExperimentList = Awaited<ReturnType<typeof listFormExperiments>>
