/** @jest-environment node */
// The migration that partitions "Event" on PostgreSQL (issue 22 §2), on a database that already
// has events (skipped on SQLite): migrated up to the migration before it, events written (three
// months, one far in the past, unique ids, a message event), then the rest deployed. Every event
// keeps its id and lands in its month's partition (none left in DEFAULT), the keys are backfilled
// (a re-sent event is the duplicate), the message index row and the hourly rollup are as before
// (not counted twice), and new ids continue the old sequence.
import pg from 'pg'
import { testEngine } from '../helpers/test-db'
import { databaseBeforeMigration, deployMigrations, pgTestServer } from '../helpers/migrate-before'

jest.setTimeout(180_000)
const it = testEngine() === 'postgres' && pgTestServer ? test : test.skip

it('converts a table with events: ids, months, keys, message index and rollup kept', async () => {
  const { url, result: first } = await databaseBeforeMigration('event_partitions', `evpart_${process.pid}`)
  expect(first.stderr).toBe('')
  expect(first.status).toBe(0)

  const c = new pg.Client({ connectionString: url })
  await c.connect()
  let open = true
  try {
    const q = async (text: string, values: unknown[] = []) => (await c.query(text, values)).rows
    await q(`INSERT INTO "Company" (id, name, "publicApiKey", "updatedAt") VALUES (7, 'C', 'K7', now())`)
    await q(`INSERT INTO "Profile" (id, "companyId", "updatedAt") VALUES ('p1', 7, now())`)
    await q(`INSERT INTO "Metric" (id, "companyId", name, "updatedAt") VALUES ('m1', 7, 'Opened Email', now())`)
    const events: Array<[number, string | null, string]> = [
      [Date.UTC(2025, 0, 31, 23, 59, 59) / 1000, 'a', '{}'],
      [Date.UTC(2025, 1, 1) / 1000, 'b', JSON.stringify({ $message: 'CM1', $source_type: 'campaign_message' })],
      [Date.UTC(2025, 1, 1, 0, 10) / 1000, null, '{}'],
      [Date.UTC(1990, 5, 1) / 1000, null, '{}'],
    ]
    const ids: number[] = []
    for (const [ts, u, props] of events)
      ids.push(
        Number(
          (
            await q(
              `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts, value, "uniqueId", properties)
               VALUES (7, 'p1', 'm1', $1, 2, $2, $3) RETURNING id`,
              [ts, u, props],
            )
          )[0].id,
        ),
      )
    const rollup = () => q(`SELECT hour, count::int AS n FROM "MetricHourlyRollup" WHERE "metricId" = 'm1' ORDER BY 1`)
    const rollupBefore = await rollup()
    expect(rollupBefore).toHaveLength(3)
    open = false
    await c.end()

    const second = deployMigrations(url)
    expect(second.stderr).toBe('')
    expect(second.status).toBe(0)
    const c2 = new pg.Client({ connectionString: url })
    await c2.connect()
    try {
      const q2 = async (text: string, values: unknown[] = []) => (await c2.query(text, values)).rows
      const where = await q2(`SELECT id, tableoid::regclass::text AS t FROM "Event" ORDER BY id`)
      expect(where).toEqual([
        { id: ids[0], t: '"Event_y2025m01"' },
        { id: ids[1], t: '"Event_y2025m02"' },
        { id: ids[2], t: '"Event_y2025m02"' },
        { id: ids[3], t: '"Event_y1990m06"' },
      ])
      expect(await q2(`SELECT count(*)::int AS n FROM "Event_default"`)).toEqual([{ n: 0 }])
      expect(await q2(`SELECT "uniqueId" AS u, "eventId" AS e FROM "EventKey" ORDER BY 1`)).toEqual([
        { u: 'a', e: ids[0] },
        { u: 'b', e: ids[1] },
      ])
      expect(await q2(`SELECT "eventId" AS e FROM "MessageEventIndex"`)).toEqual([{ e: ids[1] }])
      const rollupAfter = await q2(
        `SELECT hour, count::int AS n FROM "MetricHourlyRollup" WHERE "metricId" = 'm1' ORDER BY 1`,
      )
      expect(rollupAfter).toEqual(rollupBefore)
      // A re-sent event months later is the duplicate; a new one continues the ids.
      const again = await q2(
        `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts, "uniqueId") VALUES (7, 'p1', 'm1', $1, 'a')
         ON CONFLICT DO NOTHING RETURNING id`,
        [Date.UTC(2025, 3, 1) / 1000],
      )
      expect(again).toEqual([])
      const next = await q2(
        `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts) VALUES (7, 'p1', 'm1', $1) RETURNING id`,
        [Date.UTC(2025, 3, 1) / 1000],
      )
      // (The duplicate drew an id, as ON CONFLICT DO NOTHING did on the old unique index.)
      expect(next[0].id).toBe(Math.max(...ids) + 2)
    } finally {
      await c2.end()
    }
  } finally {
    if (open) await c.end()
  }
})
