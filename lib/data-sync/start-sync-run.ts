// Starting a run of a sync: the window is every membership change after the sync's cursor (the
// last change a successful run delivered) up to the newest change now. A run is unique per
// (sync, window), so pressing "sync now" twice, or a scheduled tick racing a click, finds the
// same run instead of sending the changes twice; while a run is unfinished it is the answer.
import { db } from '@/lib/db/client'
import { enqueue } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { badRequest } from '@/lib/errors/app-error'
import { parseList } from './sync-store'

export const DATA_SYNC_RUN_JOB = 'data-sync.run'
const OPEN = ['queued', 'running', 'retrying']

export async function startSyncRun(
  companyId: number,
  syncId: number,
  trigger: 'manual' | 'schedule',
  now: Date = queueNow(),
) {
  const sync = await db.dataSync.findFirst({ where: { companyId, id: syncId } })
  if (!sync) return null
  if (!sync.enabled) throw badRequest('This sync is paused; turn it on to run it.', { enabled: ['Paused.'] })
  const open = await db.dataSyncRun.findFirst({ where: { companyId, syncId, status: { in: OPEN } } })
  if (open) return { run: open, created: false }
  const groupIds = parseList(sync.groupIds)
  const newest = await db.groupMembershipChange.aggregate({
    where: { companyId, groupId: { in: groupIds }, id: { gt: sync.cursor } },
    _max: { id: true },
  })
  const toCursor = newest._max.id ?? sync.cursor
  const window = { syncId_fromCursor_toCursor: { syncId, fromCursor: sync.cursor, toCursor } }
  let run = await db.dataSyncRun.findUnique({ where: window })
  let created = false
  if (!run) {
    try {
      run = await db.dataSyncRun.create({
        data: { companyId, syncId, fromCursor: sync.cursor, toCursor, trigger, createdAt: now },
      })
      created = true
    } catch (e) {
      // Another request created the same window first: that run is this one.
      if ((e as { code?: string })?.code !== 'P2002') throw e
      run = (await db.dataSyncRun.findUnique({ where: window }))!
    }
  }
  if (created)
    await enqueue(DATA_SYNC_RUN_JOB, { runId: run.id }, { companyId, idempotencyKey: `data-sync-run:${run.id}:0` })
  return { run, created }
}
