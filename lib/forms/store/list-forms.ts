// The /forms listing (seed 002 §3.4 listing item and totalCount): filter by status, type and a
// name search, newest or oldest update first, one page at a time.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { containsText } from '@/lib/db/dialect'
import { scheduleOf } from './encode'
import type { FormListingItem, FormStatus, FormType, ChannelType } from './types'

export const listFormsQuery = z.object({
  status: z.enum(['draft', 'live', 'scheduled']).optional(),
  type: z.enum(['popup', 'flyout', 'full_page', 'embed', 'banner']).optional(),
  search: z.string().max(255).optional(),
  listId: z.string().max(64).optional(),
  sort: z.enum(['updated', '-updated']).default('-updated'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})
export type ListFormsQuery = z.infer<typeof listFormsQuery>

export async function listForms(
  companyId: number,
  q: ListFormsQuery,
): Promise<{ forms: FormListingItem[]; totalCount: number }> {
  const where = {
    companyId,
    ...(q.status ? { status: q.status } : {}),
    ...(q.type ? { formType: q.type } : {}),
    ...(q.listId ? { listId: q.listId } : {}),
    ...(q.search?.trim() ? { name: containsText(q.search.trim()) } : {}),
  }
  const [rows, totalCount] = await Promise.all([
    db.form.findMany({
      where,
      orderBy: [{ updatedAt: q.sort === 'updated' ? 'asc' : 'desc' }, { id: 'asc' }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
    }),
    db.form.count({ where }),
  ])
  const ids = rows.map((r) => r.id)
  const listIds = [...new Set(rows.map((r) => r.listId).filter((x): x is string => !!x))]
  const [lists, experiments] = await Promise.all([
    listIds.length
      ? db.group.findMany({
          where: { companyId, id: { in: listIds }, deletedAt: null },
          select: { id: true, name: true, type: true },
        })
      : [],
    ids.length
      ? db.formExperiment.findMany({
          where: { companyId, formId: { in: ids }, status: { in: ['draft', 'running'] } },
          select: { id: true, formId: true, name: true, status: true },
        })
      : [],
  ])
  const variations = experiments.length
    ? await db.formVersion.groupBy({
        by: ['experimentId'],
        where: { companyId, experimentId: { in: experiments.map((e) => e.id) } },
        _count: { _all: true },
      })
    : []
  const countOf = (experimentId: number) => variations.find((v) => v.experimentId === experimentId)?._count._all ?? 0
  const forms = rows.map((r): FormListingItem => {
    const list = lists.find((l) => l.id === r.listId)
    const live = experiments.find((e) => e.formId === r.id && e.status === 'running')
    const draft = experiments.find((e) => e.formId === r.id && e.status === 'draft')
    return {
      id: r.id,
      name: r.name,
      status: r.status as FormStatus,
      type: r.formType as FormType,
      channelType: r.channelType as ChannelType,
      hasBeenLive: r.hasBeenLive,
      lastPublishedTimestamp: r.lastPublishedAt?.toISOString() ?? null,
      updateTimestamp: r.updatedAt.toISOString(),
      lists: list ? [{ id: list.id, name: list.name, type: list.type === 0 ? 'static' : 'dynamic' }] : [],
      liveExperiment: live
        ? { id: live.id, isOptimizationRelated: false, name: live.name, variationCount: countOf(live.id) }
        : null,
      draftExperimentVariationCount: draft ? countOf(draft.id) : 0,
      schedule: scheduleOf(r),
    }
  })
  return { forms, totalCount }
}
