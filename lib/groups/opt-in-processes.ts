// /settings/account/opt-in-process: every list's opt-in process (single, or double with a
// confirmation email) in one place, and one call to set several lists at once. Unknown, deleted
// or other companies' list ids are refused as a whole rather than skipped, so the screen never
// reports a change that did not happen.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { optInProcess } from './create-list'
import { LIST } from './group-view'

/** More lists than this are set in several calls; one screen lists at most this many. */
export const OPT_IN_MAX_LISTS = 500

export async function listOptInProcesses(companyId: number) {
  const lists = await db.group.findMany({
    where: { companyId, type: LIST, deletedAt: null },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: OPT_IN_MAX_LISTS,
    select: { id: true, name: true, optInProcess: true, memberCount: true },
  })
  return { lists }
}
export type ListOptInProcessesResponse = Awaited<ReturnType<typeof listOptInProcesses>>

export const setOptInProcessBody = z.object({
  optInProcess,
  listIds: z.array(z.string().min(1).max(64)).min(1, 'Choose at least one list.').max(OPT_IN_MAX_LISTS),
})

export async function setOptInProcess(companyId: number, input: z.infer<typeof setOptInProcessBody>) {
  const ids = [...new Set(input.listIds)]
  const found = await db.group.count({ where: { companyId, type: LIST, deletedAt: null, id: { in: ids } } })
  if (found !== ids.length)
    throw badRequest('Some of these lists do not exist.', { listIds: ['Some of these lists do not exist.'] })
  const r = await db.group.updateMany({
    where: { companyId, type: LIST, deletedAt: null, id: { in: ids } },
    data: { optInProcess: input.optInProcess },
  })
  return { updated: r.count, ...(await listOptInProcesses(companyId)) }
}
