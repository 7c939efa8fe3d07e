// Due schedules, applied by the worker's forms.schedules job (lib/forms/store/schedule-jobs.ts).
import { db } from '@/lib/db/client'
import { invalidateLiveForms } from '../live-forms-cache'

/**
 * Flips due schedules: scheduled → live at publishAt, live → draft at unpublishAt. Idempotent:
 * each flip is a conditional update on the state it leaves, so a second run (or a second worker)
 * finds nothing to do. Returns how many forms changed.
 */
export async function applyFormSchedules(now: Date): Promise<{ published: number; unpublished: number }> {
  const due = await db.form.findMany({
    where: { status: 'scheduled', publishAt: { lte: now } },
    select: { id: true, companyId: true, publishAt: true, unpublishAt: true },
  })
  let published = 0
  for (const f of due) {
    // A window that already ended while nobody looked goes straight to draft.
    const ended = f.unpublishAt && f.unpublishAt <= now
    const r = await db.form.updateMany({
      where: { id: f.id, companyId: f.companyId, status: 'scheduled', publishAt: f.publishAt },
      data: ended
        ? {
            status: 'draft',
            publishAt: null,
            unpublishAt: null,
            scheduleTimeZone: null,
            hasBeenLive: true,
            lastPublishedAt: f.publishAt,
          }
        : { status: 'live', publishAt: null, hasBeenLive: true, lastPublishedAt: f.publishAt },
    })
    if (r.count && ended)
      await db.formVersion.updateMany({ where: { formId: f.id, companyId: f.companyId }, data: { status: 'draft' } })
    if (r.count) invalidateLiveForms(f.companyId)
    published += r.count
  }
  const ending = await db.form.findMany({
    where: { status: 'live', unpublishAt: { lte: now } },
    select: { id: true, companyId: true, unpublishAt: true },
  })
  let unpublished = 0
  for (const f of ending) {
    const r = await db.form.updateMany({
      where: { id: f.id, companyId: f.companyId, status: 'live', unpublishAt: f.unpublishAt },
      data: { status: 'draft', unpublishAt: null, scheduleTimeZone: null },
    })
    if (r.count) {
      await db.formVersion.updateMany({ where: { formId: f.id, companyId: f.companyId }, data: { status: 'draft' } })
      invalidateLiveForms(f.companyId)
    }
    unpublished += r.count
  }
  return { published, unpublished }
}
