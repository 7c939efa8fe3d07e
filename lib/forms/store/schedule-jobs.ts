// The worker side of form schedules: a job booked at each schedule instant (idempotent by
// instant), which applies every due schedule and books the next pending instant. No polling
// when nothing is scheduled; a missed booking is caught by the next one or by worker start.
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { db } from '@/lib/db/client'
import { applyFormSchedules } from './apply-form-schedules'

export const FORM_SCHEDULES_JOB = 'forms.schedules'

export async function bookFormSchedules(instants: Array<Date | null>): Promise<void> {
  for (const at of instants) {
    if (at)
      await enqueue(FORM_SCHEDULES_JOB, {}, { runAt: at, idempotencyKey: `${FORM_SCHEDULES_JOB}:${at.toISOString()}` })
  }
}

async function nextPendingInstant(now: Date): Promise<Date | null> {
  const [p, u] = await Promise.all([
    db.form.findFirst({
      where: { status: 'scheduled', publishAt: { gt: now } },
      orderBy: { publishAt: 'asc' },
      select: { publishAt: true },
    }),
    db.form.findFirst({
      where: { status: { in: ['live', 'scheduled'] }, unpublishAt: { gt: now } },
      orderBy: { unpublishAt: 'asc' },
      select: { unpublishAt: true },
    }),
  ])
  const times = [p?.publishAt, u?.unpublishAt].filter((d): d is Date => !!d)
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null
}

/** Applies what is due now and books the next instant; the worker's start may call it too. */
export async function runFormSchedules(now = queueNow()): Promise<void> {
  await applyFormSchedules(now)
  await bookFormSchedules([await nextPendingInstant(now)])
}

export function register(): void {
  registerJobHandler(FORM_SCHEDULES_JOB, async () => runFormSchedules(queueNow()))
}
