// Next.js instrumentation hook: `npm start` (scripts/start.mjs sets ENABLE_INPROCESS_WORKER=1)
// runs the job worker inside the server process; `npm run worker` runs it separately. This is
// a composition root: it registers the consumers of ingest and group entries, and every
// domain's job handlers before the worker starts.
export async function register() {
  // Route handlers ingest events and add list members themselves too (not only the worker):
  // the consumers of both (flow triggers, attribution, segments) are registered in every server.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerConsumers } = await import('@/lib/server/consumers')
    registerConsumers()
  }
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.ENABLE_INPROCESS_WORKER === '1') {
    const { registerJobHandlers } = await import('@/lib/server/job-handlers')
    registerJobHandlers()
    const { startWorker } = await import('@/lib/jobs/worker')
    startWorker()
    // The periodic trigger jobs (date-trigger scans, flow schedules) book themselves from here on.
    void import('@/lib/flows/triggers/jobs')
      .then((m) => m.ensureTriggerJobs())
      .catch((e) => console.error('[worker] flow trigger jobs not booked:', e))
    // The nightly predictive refit (issue 23 §3) books itself from here on.
    void import('@/lib/predictive/jobs')
      .then((m) => m.ensurePredictiveJobs())
      .catch((e) => console.error('[worker] predictive refit not booked:', e))
    // The monitors' evaluation every 5 minutes (issue 23 §4) books itself from here on.
    void import('@/lib/monitors/jobs')
      .then((m) => m.ensureMonitorJobs())
      .catch((e) => console.error('[worker] monitors not booked:', e))
    // The monthly partitions of "Event" on PostgreSQL (issue 22 §2): today's run, then daily.
    void import('@/lib/events/event-partitions')
      .then((m) => m.ensureEventPartitionJobs())
      .catch((e) => console.error('[worker] event partitions not booked:', e))
    // The per-day send rollup (issues 26 §4, 27 §6) every 15 minutes books itself from here on.
    void import('@/lib/messaging/send-rollup-job')
      .then((m) => m.ensureSendRollupJobs())
      .catch((e) => console.error('[worker] send rollup not booked:', e))
    // Form schedules due while no worker ran are applied now, and the next instant is booked.
    void import('@/lib/forms/store/schedule-jobs')
      .then((m) => m.runFormSchedules())
      .catch((e) => console.error('[worker] form schedules not booked:', e))
  }
}
