// JobQueue on PostgreSQL, backed by graphile-worker (pinned; its schema `graphile_worker` is
// installed and upgraded by the library's own runMigrations()).
//
// What the library gives us:
// - Storage: the library's jobs table. Enqueue is a SQL function, app_jobs.add_job() (below), so a
//   job can be added inside the caller's own transaction (it exists if and only if that
//   transaction commits); it adds the company and the idempotency key and inserts the row
//   directly (none of our jobs uses the library's job keys, named queues or flags, which its own
//   add_job() exists to handle, at three times the cost).
// - Wake-up: add_job() sends NOTIFY "jobs:insert" (at commit); subscribe() LISTENs, so a worker
//   in any process picks a new job up within milliseconds instead of at the next poll.
// - Dead letters: a job whose attempts reached max_attempts stays in the library's table with
//   its last_error (graphile_worker.jobs view: attempts >= max_attempts), i.e. status 'dead'.
// - Batch claims: like the library's own batch fetch, one UPDATE … FROM (SELECT … FOR UPDATE
//   SKIP LOCKED LIMIT n) leases up to n due jobs at once (events.ingest claims 500). A batched
//   type is claimed per account (app_jobs.claim_next, then the batch of that account only), so
//   concurrent loops ingest different accounts instead of queueing on one account's lock.
//
// Where we keep our own contract on top of it:
// - Leases. The library treats a lock as stale 4 hours after locked_at, fixed, and its runner
//   has no heartbeat; our contract is a visibility timeout (60 s) pushed forward by a heartbeat,
//   so a crashed worker's jobs come back within a minute. We write locked_at = lease end − 4 h,
//   so the library's own staleness rule (its admin functions, its runner) ends the lease exactly
//   when ours does, and extend() moves locked_at forward.
// - Completion and failure only touch a job whose lease is still ours (id, locked_by,
//   attempts), as on SQLite; the backoff is ours (2^n s, capped at 10 min; the library's
//   is e^n s). A permanent failure sets attempts = max_attempts (the library's convention).
// - Idempotency keys. graphile-worker's job_key replaces or (unsafe_dedupe) dedupes only while
//   the job row exists, and a completed job's row is deleted, so its key is free again at once.
//   Our contract keeps keys until the finished job is pruned after 7 days: app_jobs.job_keys.
// - Finished jobs. The library deletes a completed job; a handler registered with keepDone
//   (the default) keeps a 'done' record in app_jobs.finished_jobs until pruning, for status
//   pages (get()).
// - Times come from the caller's `now` (the queue clock), as with the library's useNodeTime.
//
// Enqueue inside a transaction: SELECT app_jobs.add_job(type, payload::json, company_id,
// run_at, max_attempts, idempotency_key) on the transaction's connection, or
// enqueueInPostgresTransaction(client, …) from TypeScript; many jobs of one type without keys:
// SELECT app_jobs.add_jobs(type, payloads::json, company_id, run_at, max_attempts).
import pg from 'pg'
import { pgConfig } from '@/lib/db/database-url.mjs'
import { niceBackendsOf } from '@/lib/db/backend-nice'
import { enqueueGroupsInFlight, groupedEnqueue, type GroupSpec } from './postgres-enqueue-group'
import {
  backoffSeconds,
  type ClaimedJob,
  type ClaimOptions,
  type EnqueueOptions,
  type JobQueue,
  type JobState,
} from './job-queue'

const GW = 'graphile_worker'
const STALE = "interval '4 hours'" // graphile-worker's fixed lock timeout (see above)
const MIGRATION_LOCK = 7_240_311 // pg_advisory_lock key: one process installs the schema at a time
// pg_try_advisory_xact_lock's first key in claim_next (the second is the company id); ingest's
// own per-account lock space is 7_240_312 (lib/events/ingest-events.ts).
const ACCOUNT_CLAIM_LOCK = 7_240_313

const SCHEMA_SQL = `
create schema if not exists app_jobs;
create table if not exists app_jobs.job_keys (
  key text primary key,
  job_id bigint,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index if not exists job_keys_job_id on app_jobs.job_keys (job_id);
create index if not exists job_keys_finished_at on app_jobs.job_keys (finished_at) where finished_at is not null;
create table if not exists app_jobs.finished_jobs (
  id bigint primary key,
  type text not null,
  company_id integer,
  payload json not null,
  attempts integer not null,
  max_attempts integer not null,
  finished_at timestamptz not null
);
create index if not exists finished_jobs_finished_at on app_jobs.finished_jobs (finished_at);

-- The task row of a job type (the library's table of identifiers), created at its first job.
create or replace function app_jobs.task_id(p_identifier text) returns int language plpgsql volatile as $$
declare
  v_id int;
begin
  select t.id into v_id from ${GW}._private_tasks t where t.identifier = p_identifier;
  if v_id is null then
    insert into ${GW}._private_tasks (identifier) values (p_identifier) on conflict do nothing;
    select t.id into v_id from ${GW}._private_tasks t where t.identifier = p_identifier;
  end if;
  return v_id;
end;
$$;

-- Adds a job (in the caller's transaction when there is one) and returns its id; with an
-- idempotency key seen before, returns that job's id and adds nothing. Concurrent callers
-- with the same key wait on the key's unique index, so exactly one job is added.
-- The row goes straight into the library's table: our jobs use none of what its add_job adds
-- (job keys, named queues, flags), and its three nested PL/pgSQL calls were two thirds of the
-- server's time per enqueue (0.66 against 0.23 ms measured). The wake-up is a NOTIFY with a
-- constant payload, so one transaction's many enqueues send one notification at commit.
create or replace function app_jobs.add_job(
  job_type text,
  payload json default '{}'::json,
  company_id integer default null,
  run_at timestamptz default null,
  max_attempts integer default 5,
  idempotency_key text default null
) returns bigint language plpgsql volatile as $$
declare
  v_id bigint;
begin
  if idempotency_key is not null then
    insert into app_jobs.job_keys (key) values (idempotency_key) on conflict (key) do nothing;
    if not found then
      select k.job_id into v_id from app_jobs.job_keys k where k.key = idempotency_key;
      return v_id;
    end if;
  end if;
  insert into ${GW}._private_jobs (task_id, payload, run_at, max_attempts)
    values (
      app_jobs.task_id(job_type),
      json_build_object('companyId', company_id, 'payload', coalesce(add_job.payload, 'null'::json)),
      coalesce(add_job.run_at, now()),
      coalesce(add_job.max_attempts, 5)
    )
    returning id into v_id;
  perform pg_notify('jobs:insert', '{}');
  if idempotency_key is not null then
    update app_jobs.job_keys set job_id = v_id where key = idempotency_key;
  end if;
  return v_id;
end;
$$;

-- The group commit of enqueue() (postgres-enqueue-group.ts): the keyless jobs of several
-- concurrent callers in one statement and one transaction; returns their ids in the order given.
-- Each spec draws its id from the table's identity sequence before the insert (hence
-- OVERRIDING SYSTEM VALUE), so the ids pair with the specs exactly, in whatever order the insert
-- writes them.
create or replace function app_jobs.add_job_group(specs json) returns bigint[] language plpgsql volatile as $$
declare
  v_seq regclass := pg_get_serial_sequence('${GW}._private_jobs', 'id')::regclass;
  v_ids bigint[];
begin
  -- Types seen for the first time get their task rows in a statement of their own, visible to
  -- the insert below (a new snapshot per statement).
  perform app_jobs.task_id(d.type)
    from (select distinct e.value->>'type' as type from json_array_elements(specs) e) d
    where not exists (select 1 from ${GW}._private_tasks t where t.identifier = d.type);
  with s as (
    -- ids drawn in the specs' order (the ordered subquery), so a group's jobs claim in that order
    select o.n, nextval(v_seq) as id, o.task_id, o.payload, o.run_at, o.max_attempts from (
      select e.n, t.id as task_id,
             json_build_object('companyId', (e.value->>'companyId')::int, 'payload', coalesce(e.value->'payload', 'null'::json)) as payload,
             coalesce((e.value->>'runAt')::timestamptz, now()) as run_at,
             coalesce((e.value->>'maxAttempts')::int, 5)::smallint as max_attempts
        from json_array_elements(specs) with ordinality as e(value, n)
        join ${GW}._private_tasks t on t.identifier = e.value->>'type'
       order by e.n
    ) o
  ), ins as (
    insert into ${GW}._private_jobs (id, task_id, payload, run_at, max_attempts) overriding system value
      select s.id, s.task_id, s.payload, s.run_at, s.max_attempts from s
  )
  select array_agg(s.id order by s.n) into v_ids from s;
  if coalesce(array_length(v_ids, 1), 0) <> json_array_length(specs) then
    raise exception 'add_job_group: % jobs for % specs', coalesce(array_length(v_ids, 1), 0), json_array_length(specs);
  end if;
  perform pg_notify('jobs:insert', '{}');
  return v_ids;
end;
$$;

-- Adds one job per element of payloads (a JSON array) in one insert, in the caller's
-- transaction, without idempotency keys (the payload envelope of add_job); returns how many
-- were added. lib/jobs/enqueue-many-ops.ts calls it.
create or replace function app_jobs.add_jobs(
  job_type text,
  payloads json,
  company_id integer default null,
  run_at timestamptz default null,
  max_attempts integer default 5
) returns bigint language plpgsql volatile as $$
declare
  v_task int := app_jobs.task_id(job_type);
  v_n bigint;
begin
  insert into ${GW}._private_jobs (task_id, payload, run_at, max_attempts)
    select v_task, json_build_object('companyId', add_jobs.company_id, 'payload', p.value),
           coalesce(add_jobs.run_at, now()), coalesce(add_jobs.max_attempts, 5)
      from json_array_elements(payloads) with ordinality as p(value, n) order by p.n;
  get diagnostics v_n = row_count;
  if v_n > 0 then
    perform pg_notify('jobs:insert', '{}');
  end if;
  return v_n;
end;
$$;

-- Per-account batch claims (issue 22): the jobs of one account and type, due or leased. Indexes
-- on the library's table, created here (not by its migrations) and again after any upgrade.
create index if not exists app_jobs_account_due on ${GW}._private_jobs
  (task_id, (payload->>'companyId'), priority, run_at, id) where is_available;
create index if not exists app_jobs_account_leased on ${GW}._private_jobs
  (task_id, (payload->>'companyId')) where locked_at is not null;

-- The claim's probe per type (issue 22 §2): the oldest due job of a type is one index probe here,
-- so an idle loop's claim does not walk a busy account's queued jobs to find nothing.
create index if not exists app_jobs_task_due on ${GW}._private_jobs (task_id, priority, run_at, id) where is_available;
-- A batched type's jobs without an account, apart (the index above would pass its accounts' jobs).
create index if not exists app_jobs_task_due_no_account on ${GW}._private_jobs (task_id, priority, run_at, id)
  where is_available and (payload->>'companyId') is null;
-- Leases by their end (locked_at is the lease end − 4 h), for the claim's probe of expired leases:
-- without it that probe read the whole table and parsed every payload (~165 ms a claim with
-- 20,000 jobs queued).
create index if not exists app_jobs_leased_until on ${GW}._private_jobs (locked_at) where locked_at is not null;
-- The library's index for its own runner's claim (due jobs without a named queue, in time order).
-- We never run that claim, and with stale statistics the planner took it for claim_next's probe
-- per type, scanning every due job of every type (the plan above); dropped again after any
-- upgrade of the library recreates it. One index fewer for every enqueue to write, too.
drop index if exists ${GW}.jobs_no_queue_index;

-- The accounts with available jobs of a batched type, by a skip scan of app_jobs_account_due: one
-- index probe per account, however many jobs each has queued.
create or replace function app_jobs.queued_accounts(p_task int) returns setof text language sql stable as $$
  with recursive a(company) as (
    (select j.payload->>'companyId' from ${GW}._private_jobs j
      where j.task_id = p_task and j.is_available and j.payload->>'companyId' is not null
      order by j.payload->>'companyId' limit 1)
    union all
    select (select j.payload->>'companyId' from ${GW}._private_jobs j
      where j.task_id = p_task and j.is_available and j.payload->>'companyId' > a.company
      order by j.payload->>'companyId' limit 1)
    from a where a.company is not null
  )
  select a.company from a where a.company is not null
$$;

-- The accounts with a live lease of a batched type (another loop is working on them), by a skip
-- scan of app_jobs_account_leased: one probe per leased account, however large its leased batch
-- (reading every leased job was most of an idle claim's pages while a 500-job batch ran).
create or replace function app_jobs.busy_accounts(p_task int, p_now timestamptz) returns setof text
language sql stable as $$
  with recursive a(company) as (
    (select j.payload->>'companyId' from ${GW}._private_jobs j
      where j.task_id = p_task and j.locked_at is not null and j.payload->>'companyId' is not null
      order by j.payload->>'companyId' limit 1)
    union all
    select (select j.payload->>'companyId' from ${GW}._private_jobs j
      where j.task_id = p_task and j.locked_at is not null and j.payload->>'companyId' > a.company
      order by j.payload->>'companyId' limit 1)
    from a where a.company is not null
  )
  select a.company from a where a.company is not null and exists (
    select 1 from ${GW}._private_jobs l where l.task_id = p_task and l.payload->>'companyId' = a.company
      and l.locked_at is not null and l.locked_at >= p_now - ${STALE})
$$;

-- Leases the oldest due job, skipping a job of p_types (the batched types) whose account has a
-- live lease of that type: another loop is ingesting that account, and the batch would only
-- wait for its per-account lock. Two claimers may both see an account free in their snapshots,
-- so the account is taken under a transaction advisory lock and re-checked by a later statement
-- (a fresh snapshot, READ COMMITTED): whoever took it before has committed its lease by then.
-- Jobs without an account, and other types, are taken as before. Returns no row when every due
-- job belongs to a busy account.
-- The candidate is found without row locks (one probe per type, per free account of a batched
-- type, and the expired leases), then locked alone with SKIP LOCKED and its state re-checked on
-- the latest row version; a candidate another claimer holds or has just taken is skipped
-- (v_skip) and the search runs again, so claimers never block each other.
create or replace function app_jobs.claim_next(p_now timestamptz, p_until timestamptz, p_worker text, p_types text[])
returns table (id bigint, type text, payload json, attempts smallint, max_attempts smallint)
language plpgsql volatile
-- Each probe is an index scan that stops at its first row. The queue's row counts swing from none
-- to tens of thousands between autovacuum's analyzes, and with statistics taken near empty the
-- planner chose bitmap scans that read a type's whole backlog and sorted it (~40 ms a claim
-- instead of ~0.1), and a sequential scan for the expired leases (~150 ms): auto_explain in
-- bench/scaling.mts, one account, 4 workers. Every statement here has its index.
set enable_bitmapscan = off
set enable_seqscan = off
as $$
#variable_conflict use_column
declare
  v_tasks int[];
  v_busy text[];
  v_skip bigint[] := '{}';
  v_id bigint;
  v_task int;
  v_company text;
  v_locked bigint;
begin
  select coalesce(array_agg(t.id), '{}') into v_tasks from ${GW}._private_tasks t where t.identifier = any(p_types);
  select coalesce(array_agg(distinct b.company), '{}') into v_busy
    from unnest(v_tasks) t(id) cross join lateral app_jobs.busy_accounts(t.id, p_now) b(company);
  loop
    v_id := null;
    select c.id, c.task_id, c.company into v_id, v_task, v_company from (
      select f.* from ${GW}._private_tasks t cross join lateral (
        select j.id, j.task_id, j.payload->>'companyId' as company, j.priority, j.run_at from ${GW}._private_jobs j
          where j.task_id = t.id and j.is_available and j.run_at <= p_now and j.job_queue_id is null
            and j.id <> all(v_skip)
          order by j.priority, j.run_at, j.id limit 1
      ) f where t.id <> all(v_tasks)
      union all
      select f.* from unnest(v_tasks) t(id) cross join lateral (
        select j.id, j.task_id, j.payload->>'companyId' as company, j.priority, j.run_at from ${GW}._private_jobs j
          where j.task_id = t.id and j.payload->>'companyId' is null and j.is_available and j.run_at <= p_now
            and j.job_queue_id is null and j.id <> all(v_skip)
          order by j.priority, j.run_at, j.id limit 1
      ) f
      union all
      select f.* from unnest(v_tasks) t(id) cross join lateral app_jobs.queued_accounts(t.id) a(company)
        cross join lateral (
          select j.id, j.task_id, j.payload->>'companyId' as company, j.priority, j.run_at from ${GW}._private_jobs j
            where j.task_id = t.id and j.payload->>'companyId' = a.company and j.is_available and j.run_at <= p_now
              and j.job_queue_id is null and j.id <> all(v_skip)
            order by j.priority, j.run_at, j.id limit 1
        ) f where a.company <> all(v_busy)
      union all
      (select j.id, j.task_id, j.payload->>'companyId' as company, j.priority, j.run_at from ${GW}._private_jobs j
        where j.locked_at < p_now - ${STALE} and j.job_queue_id is null and j.id <> all(v_skip)
          and not (j.task_id = any(v_tasks) and coalesce(j.payload->>'companyId' = any(v_busy), false))
        order by j.run_at, j.id limit 1)
    ) c order by c.priority, c.run_at, c.id limit 1;
    exit when v_id is null;
    v_locked := null;
    select j.id into v_locked from ${GW}._private_jobs j
      where j.id = v_id and j.job_queue_id is null
        and ((j.is_available and j.run_at <= p_now) or j.locked_at < p_now - ${STALE})
      for update skip locked;
    if v_locked is null then
      -- A locked job of a batched account: another claimer is taking that account's batch (it
      -- locks up to a batch of its jobs), so the account is busy; skipping its jobs one by one
      -- walked the whole batch, a search each (~1 s a claim with 4 workers on one account).
      if v_company is not null and v_task = any(v_tasks) then
        v_busy := v_busy || v_company;
      else
        v_skip := v_skip || v_id;
      end if;
      continue;
    end if;
    exit when v_company is null or not (v_task = any(v_tasks));
    exit when pg_try_advisory_xact_lock(${ACCOUNT_CLAIM_LOCK}, v_company::int) and not exists (
      select 1 from ${GW}._private_jobs l where l.task_id = v_task and l.payload->>'companyId' = v_company
        and l.locked_at is not null and l.locked_at >= p_now - ${STALE});
    v_busy := v_busy || v_company;
  end loop;
  if v_id is null then return; end if;
  return query update ${GW}._private_jobs j
    set attempts = j.attempts + 1, locked_by = p_worker, locked_at = p_until - ${STALE}, updated_at = p_now
    where j.id = v_id
    returning j.id, (select t.identifier from ${GW}._private_tasks t where t.id = j.task_id), j.payload, j.attempts, j.max_attempts;
end;
$$;
`

type Row = {
  id: string
  type: string
  payload: { companyId?: number | null; payload?: unknown } | null
  attempts: number
  max_attempts: number
}

interface PgState {
  url: string
  pool: pg.Pool
  ready?: Promise<void>
  grouped?: (spec: GroupSpec) => Promise<number>
}
const g = globalThis as unknown as { __pgJobQueues?: Map<string, PgState> }

function state(url: string): PgState {
  const all = (g.__pgJobQueues ??= new Map())
  let s = all.get(url)
  if (!s) {
    const pool = new pg.Pool(pgConfig(url, { max: Number(process.env.JOB_QUEUE_PG_POOL ?? 10), allowExitOnIdle: true }))
    pool.on('error', () => {}) // an idle client's broken connection: the pool replaces it
    niceBackendsOf(pool)
    s = { url, pool }
    all.set(url, s)
  }
  return s
}

// Behind a transaction pooler (PgBouncer pool_mode=transaction, DATABASE_URL with
// ?pgbouncer=true) consecutive statements may run on different server connections, so the
// session-level work here (the schema install's advisory lock, LISTEN) goes to
// DATABASE_DIRECT_URL, the server itself; docs/pgbouncer.md.
const sessionUrl = (url: string) => process.env.DATABASE_DIRECT_URL || url
const behindPooler = (url: string) => /[?&]pgbouncer=true(?:&|$)/.test(url)

async function installSchema(s: PgState) {
  const url = sessionUrl(s.url)
  const client = new pg.Client(pgConfig(url))
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      const { runMigrations, Logger } = await import('graphile-worker')
      const logger = new Logger(() => (level, message) => {
        if (level === 'error') console.error(`[jobs] graphile-worker: ${message}`)
      })
      await runMigrations({ connectionString: url, logger })
      await client.query(SCHEMA_SQL)
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    await client.end().catch(() => {})
  }
}

const ready = (s: PgState) =>
  (s.ready ??= installSchema(s).catch((e) => {
    s.ready = undefined // try again on the next call
    throw e
  }))

const toClaimed = (r: Row, workerId: string): ClaimedJob => ({
  id: Number(r.id),
  type: r.type,
  companyId: r.payload?.companyId ?? null,
  payload: r.payload?.payload ?? null,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lockedBy: workerId,
})

/** locked_at that makes the library's 4-hour staleness rule end the lease at `until`. */
const leaseSql = (param: string) => `(${param}::timestamptz - ${STALE})`

// account: with a type, 'one' keeps the claim to the account in $6, 'none' to jobs without one.
function claimSql(typed: boolean, account: 'any' | 'one' | 'none' = 'any') {
  const a =
    account === 'one'
      ? `and j.payload->>'companyId' = $6::text`
      : account === 'none'
        ? `and j.payload->>'companyId' is null`
        : ''
  const t = typed ? `and j.task_id = (select id from ${GW}._private_tasks where identifier = $5) ${a}` : ''
  return `
with fresh as (
  select j.id, j.priority, j.run_at from ${GW}._private_jobs j
    where j.is_available and j.run_at <= $1 and j.job_queue_id is null ${t}
    order by j.priority, j.run_at, j.id limit $4 for update skip locked
), expired as (
  select j.id, j.priority, j.run_at from ${GW}._private_jobs j
    where j.locked_at < $1::timestamptz - ${STALE} and j.job_queue_id is null ${t}
    order by j.run_at, j.id limit $4 for update skip locked
), due as (select * from fresh union all select * from expired), picked as (select id from due order by priority, run_at, id limit $4)
update ${GW}._private_jobs j
  set attempts = j.attempts + 1, locked_by = $3, locked_at = ${leaseSql('$2')}, updated_at = $1
  from picked where j.id = picked.id
  returning j.id, (select identifier from ${GW}._private_tasks t where t.id = j.task_id) as type, j.payload, j.attempts, j.max_attempts`
}

const LEASED = (id: string, attempts: string, worker: string) =>
  `j.id = ${id} and j.attempts = ${attempts} and j.locked_by = ${worker}`

export function postgresJobQueue(url: string): JobQueue {
  const s = state(url)
  const query = async <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[]) => {
    await ready(s)
    return s.pool.query<R>(text, values)
  }

  const addOne = async (type: string, payload: unknown, opts: EnqueueOptions, now: Date) => {
    const { rows } = await query<{ id: string }>(
      'select app_jobs.add_job($1, $2::json, $3, $4, $5, $6) as id',
      addJobArgs(type, payload, opts, now),
    )
    return Number(rows[0]!.id)
  }

  return {
    engine: 'postgresql',

    prepare: () => ready(s),

    async enqueue(type, payload, opts: EnqueueOptions, now) {
      if (opts.idempotencyKey != null || enqueueGroupsInFlight() === 0) return addOne(type, payload, opts, now)
      s.grouped ??= groupedEnqueue({
        inFlight: enqueueGroupsInFlight(),
        addOne: (g) => addOne(g.type, g.payload, g, g.runAt),
        addGroup: async (specs) => {
          const { rows } = await query<{ ids: string[] }>('select app_jobs.add_job_group($1::json) as ids', [
            JSON.stringify(specs),
          ])
          return rows[0]!.ids.map(Number)
        },
      })
      return s.grouped({
        type,
        payload: payload ?? null,
        companyId: opts.companyId ?? null,
        runAt: opts.runAt ?? now,
        maxAttempts: opts.maxAttempts ?? 5,
      })
    },

    async claim(o: ClaimOptions) {
      const until = new Date(o.now.getTime() + o.visibilityTimeoutMs)
      if (!o.type && o.accountTypes?.length) {
        const { rows } = await query<Row>(
          'select id, type, payload, attempts, max_attempts from app_jobs.claim_next($1, $2, $3, $4)',
          [o.now, until, o.workerId, o.accountTypes],
        )
        return rows.map((r) => toClaimed(r, o.workerId))
      }
      const values: unknown[] = [o.now, until, o.workerId, o.limit]
      if (o.type) values.push(o.type)
      const account = !o.type || o.companyId === undefined ? 'any' : o.companyId === null ? 'none' : 'one'
      if (account === 'one') values.push(String(o.companyId))
      const { rows } = await query<Row>(claimSql(!!o.type, account), values)
      return rows.map((r) => toClaimed(r, o.workerId)).sort((a, b) => a.id - b.id)
    },

    async complete(jobs: ClaimedJob[], { keep, now }) {
      if (!jobs.length) return
      await query(
        `with done as (
          delete from ${GW}._private_jobs j
            using unnest($1::bigint[], $2::int[], $3::text[]) as x(id, attempts, worker)
            where ${LEASED('x.id', 'x.attempts', 'x.worker')}
            returning j.id, j.task_id, j.payload, j.attempts, j.max_attempts
        ), keys as (
          update app_jobs.job_keys k set finished_at = $4 from done where k.job_id = done.id
        )
        insert into app_jobs.finished_jobs (id, type, company_id, payload, attempts, max_attempts, finished_at)
          select done.id, t.identifier, (done.payload->>'companyId')::int, coalesce(done.payload->'payload', 'null'::json),
            done.attempts, done.max_attempts, $4
          from done join ${GW}._private_tasks t on t.id = done.task_id
          where $5::boolean
        on conflict (id) do nothing`,
        [jobs.map((j) => j.id), jobs.map((j) => j.attempts), jobs.map((j) => j.lockedBy), now, keep],
      )
    },

    async fail(job: ClaimedJob, error: string, { permanent, now }) {
      const dead = permanent || job.attempts >= job.maxAttempts
      const lease = [job.id, job.attempts, job.lockedBy, now, error.slice(0, 4000)]
      if (dead)
        await query(
          `update ${GW}._private_jobs j set last_error = $5, attempts = greatest(j.attempts, j.max_attempts),
             locked_at = null, locked_by = null, updated_at = $4
           where ${LEASED('$1', '$2', '$3')}`,
          lease,
        )
      else
        await query(
          `update ${GW}._private_jobs j set last_error = $5, run_at = $6, locked_at = null, locked_by = null, updated_at = $4
           where ${LEASED('$1', '$2', '$3')}`,
          [...lease, new Date(now.getTime() + backoffSeconds(job.attempts) * 1000)],
        )
      return dead ? 'dead' : 'retry'
    },

    async extend(job, visibilityTimeoutMs, now) {
      const r = await query(
        `update ${GW}._private_jobs j set locked_at = ${leaseSql('$4')}, updated_at = $5 where ${LEASED('$1', '$2', '$3')}`,
        [job.id, job.attempts, job.lockedBy, new Date(now.getTime() + visibilityTimeoutMs), now],
      )
      return (r.rowCount ?? 0) > 0
    },

    async get(id, companyId) {
      const { rows } = await query<Row & { last_error: string | null; locked_at: Date | null; finished: boolean }>(
        `select j.id, t.identifier as type, j.payload, j.attempts, j.max_attempts, j.last_error, j.locked_at, false as finished
           from ${GW}._private_jobs j join ${GW}._private_tasks t on t.id = j.task_id where j.id = $1
         union all
         select f.id, f.type, json_build_object('companyId', f.company_id, 'payload', f.payload), f.attempts, f.max_attempts,
           null, null, true from app_jobs.finished_jobs f where f.id = $1`,
        [id],
      )
      const r = rows[0]
      if (!r || (r.payload?.companyId ?? null) !== companyId) return null
      const status: JobState['status'] = r.finished
        ? 'done'
        : r.locked_at
          ? 'running'
          : r.attempts >= r.max_attempts
            ? 'dead'
            : 'queued'
      return { ...toClaimed(r, ''), status, lastError: r.last_error }
    },

    async prune(now, days = 7) {
      const before = new Date(now.getTime() - days * 86400_000)
      const { rows } = await query<{ n: string }>(
        `with f as (delete from app_jobs.finished_jobs where finished_at < $1 returning 1),
              k as (delete from app_jobs.job_keys where finished_at < $1 returning 1)
         select (select count(*) from f) as n`,
        [before],
      )
      return Number(rows[0]?.n ?? 0)
    },

    async subscribe(onEnqueued) {
      await ready(s)
      if (behindPooler(url) && !process.env.DATABASE_DIRECT_URL)
        throw new Error('LISTEN needs a session: set DATABASE_DIRECT_URL next to a pooled DATABASE_URL')
      let client: pg.Client | null = null
      let closed = false
      let retry: NodeJS.Timeout | undefined
      const connect = async () => {
        const c = new pg.Client(pgConfig(sessionUrl(url)))
        c.on('notification', () => onEnqueued())
        c.on('error', () => reconnect(c))
        try {
          await c.connect()
          await c.query('LISTEN "jobs:insert"')
          if (closed) await c.end().catch(() => {})
          else client = c
        } catch {
          reconnect(c)
        }
      }
      // A dropped connection: listen again (the poll covers the gap), and wake the worker once
      // in case a job arrived meanwhile.
      const reconnect = (c: pg.Client) => {
        if (client === c) client = null
        void c.end().catch(() => {})
        if (closed || retry) return
        retry = setTimeout(() => {
          retry = undefined
          onEnqueued()
          void connect()
        }, 1000)
        retry.unref?.()
      }
      await connect()
      return async () => {
        closed = true
        clearTimeout(retry)
        const c = client
        client = null
        await c?.end().catch(() => {})
      }
    },
  }
}

function addJobArgs(type: string, payload: unknown, opts: EnqueueOptions, now: Date): unknown[] {
  return [
    type,
    JSON.stringify(payload ?? null),
    opts.companyId ?? null,
    opts.runAt ?? now,
    opts.maxAttempts ?? 5,
    opts.idempotencyKey ?? null,
  ]
}

/** Anything with pg's query(text, values): a PoolClient inside BEGIN … COMMIT, a Client. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/**
 * Enqueue inside the caller's own transaction on `client`: the job exists if and only if that
 * transaction commits, and workers everywhere are woken by NOTIFY at the commit. The queue's
 * schema must exist (the worker or any enqueue installs it; jobQueue().prepare() does too).
 */
export async function enqueueInPostgresTransaction(
  client: PgQueryable,
  type: string,
  payload: unknown,
  opts: EnqueueOptions = {},
  now = new Date(),
): Promise<number> {
  const { rows } = await client.query(
    'select app_jobs.add_job($1, $2::json, $3, $4, $5, $6) as id',
    addJobArgs(type, payload, opts, now),
  )
  return Number(rows[0]!.id)
}

/** Closes the pools (tests, scripts that exit). */
export async function closePostgresJobQueues(): Promise<void> {
  const all = g.__pgJobQueues
  g.__pgJobQueues = undefined
  await Promise.all([...(all?.values() ?? [])].map((s) => s.pool.end().catch(() => {})))
}
