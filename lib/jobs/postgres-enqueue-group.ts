// The group commit of enqueue() on PostgreSQL (issue 22 §3: the soak's accept latency). Each
// POST /api/events used to hold a pool connection for its own `select app_jobs.add_job(…)`, so
// at a few hundred requests per second the requests queued for the pool's ten connections.
// Now the enqueues that arrive while earlier groups are on their way go to the server together:
// one statement of app_jobs.add_job_group, one round trip, one connection and one commit for
// all of them. A job exists once its group's statement has committed, as before; the caller's
// promise resolves only then.
//
// A keyed enqueue never joins a group: two groups taking the same idempotency keys in different
// orders could deadlock on the keys' index. When a group fails for a reason other than the
// connection (one job's bad value), each of its enqueues runs alone, so one bad job cannot fail
// its neighbours; a connection failure fails them all (each would fail alone too).
import { isConnectionError } from '@/lib/db/db-outage'

/** One enqueue's arguments, as app_jobs.add_job takes them (without the key). */
export interface GroupSpec {
  type: string
  payload: unknown
  companyId: number | null
  runAt: Date
  maxAttempts: number
}

interface Waiting {
  spec: GroupSpec
  resolve: (id: number) => void
  reject: (e: unknown) => void
}

export interface GroupOptions {
  /** One statement for many specs; resolves with their ids in the same order. */
  addGroup: (specs: GroupSpec[]) => Promise<number[]>
  /** One spec alone (a group's fallback). */
  addOne: (spec: GroupSpec) => Promise<number>
  /** Groups on their way at once (JOB_QUEUE_ENQUEUE_GROUPS; 0 = no grouping). */
  inFlight: number
  maxGroup?: number
}

/** An enqueue that joins the next group. */
export function groupedEnqueue(o: GroupOptions): (spec: GroupSpec) => Promise<number> {
  const maxGroup = o.maxGroup ?? 500
  let waiting: Waiting[] = []
  let sending = 0
  let scheduled = false

  const send = async (group: Waiting[]) => {
    try {
      const ids = group.length === 1 ? [await o.addOne(group[0]!.spec)] : await o.addGroup(group.map((w) => w.spec))
      group.forEach((w, i) => w.resolve(ids[i]!))
    } catch (e) {
      if (group.length === 1 || isConnectionError(e)) return group.forEach((w) => w.reject(e))
      await Promise.all(group.map((w) => o.addOne(w.spec).then(w.resolve, w.reject)))
    }
  }
  const flush = () => {
    scheduled = false
    while (waiting.length && sending < o.inFlight) {
      const group = waiting.slice(0, maxGroup)
      waiting = waiting.slice(group.length)
      sending++
      void send(group).finally(() => {
        sending--
        if (waiting.length) schedule()
      })
    }
  }
  // The enqueues of the same turn go out together; while groups are on their way the next one
  // gathers. A promise, not setImmediate: tests with fake timers must not stall the queue.
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    void Promise.resolve().then(flush)
  }
  return (spec) =>
    new Promise<number>((resolve, reject) => {
      waiting.push({ spec, resolve, reject })
      schedule()
    })
}

/** How many groups may be on their way at once (default 2; 0 turns grouping off). */
export function enqueueGroupsInFlight(): number {
  const n = Number(process.env.JOB_QUEUE_ENQUEUE_GROUPS ?? 2)
  return Number.isInteger(n) && n >= 0 ? n : 2
}
