/** @jest-environment node */
// The migration that makes "Event"."properties" jsonb on PostgreSQL (issue 22 §2), on a database
// that already has events in several monthly partitions (skipped on SQLite): migrated up to the
// migration before it, events written as text (valid JSON, a "\u0000" escape jsonb refuses, text
// that is not JSON), then the rest deployed. Every row converts (the NUL escape dropped, the
// non-JSON text kept under "$invalid_properties"), the partitions and one the job creates later
// are jsonb, the message index trigger still indexes a new message event, and a string parameter
// still inserts.
import pg from 'pg'
import { testEngine } from '../helpers/test-db'
import { databaseBeforeMigration, deployMigrations, pgTestServer } from '../helpers/migrate-before'

jest.setTimeout(180_000)
const it = testEngine() === 'postgres' && pgTestServer ? test : test.skip

it('converts stored text in every partition; writers and triggers work on jsonb', async () => {
  const { url, result: first } = await databaseBeforeMigration('event_properties_jsonb', `evjsonb_${process.pid}`)
  expect(first.stderr).toBe('')
  expect(first.status).toBe(0)

  const c = new pg.Client({ connectionString: url })
  await c.connect()
  const q = async (text: string, values: unknown[] = []) => (await c.query(text, values)).rows
  try {
    await q(`INSERT INTO "Company" (id, name, "publicApiKey", "updatedAt") VALUES (7, 'C', 'K7', now())`)
    await q(`INSERT INTO "Profile" (id, "companyId", "updatedAt") VALUES ('p1', 7, now())`)
    await q(`INSERT INTO "Metric" (id, "companyId", name, "updatedAt") VALUES ('m1', 7, 'Opened Email', now())`)
    const texts = [
      JSON.stringify({ b: 2, a: { x: [1, 'y'] } }),
      JSON.stringify({ s: 'a\u0000b', t: '\\u0000' }),
      'not json',
      JSON.stringify({ $message: 'CM1', $source_type: 'campaign_message' }),
    ]
    const months = [Date.UTC(2025, 0, 5), Date.UTC(2025, 1, 5), Date.UTC(2025, 1, 6), Date.UTC(2025, 2, 5)]
    const ids: number[] = []
    for (const [i, props] of texts.entries())
      ids.push(
        Number(
          (
            await q(
              `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts, properties) VALUES (7, 'p1', 'm1', $1, $2) RETURNING id`,
              [months[i]! / 1000, props],
            )
          )[0].id,
        ),
      )
    // (The month partitions exist from the partitioning migration onwards.)
    await q(`SELECT "event_partitions_maintain"(extract(epoch FROM now())::bigint, 0)`)
    await c.end()

    const second = deployMigrations(url)
    expect(second.stderr).toBe('')
    expect(second.status).toBe(0)
    const c2 = new pg.Client({ connectionString: url })
    await c2.connect()
    const q2 = async (text: string, values: unknown[] = []) => (await c2.query(text, values)).rows
    try {
      const rows = await q2(`SELECT id, properties AS p, tableoid::regclass::text AS t FROM "Event" ORDER BY id`)
      expect(rows.map((r) => r.p)).toEqual([
        { b: 2, a: { x: [1, 'y'] } },
        { s: 'ab', t: '\\u0000' },
        { $invalid_properties: 'not json' },
        { $message: 'CM1', $source_type: 'campaign_message' },
      ])
      expect(new Set(rows.map((r) => r.t)).size).toBe(3)
      expect(await q2(`SELECT "eventId" AS e FROM "MessageEventIndex"`)).toEqual([{ e: ids[3] }])

      // A partition the job creates later, and a new message event through the rewritten trigger.
      await q2(`SELECT "event_partitions_maintain"($1::bigint, 0)`, [Date.UTC(2031, 4, 1) / 1000])
      const [made] = await q2(
        `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts, properties) VALUES (7, 'p1', 'm1', $1, $2)
         RETURNING id, tableoid::regclass::text AS t`,
        [Date.UTC(2031, 4, 2) / 1000, JSON.stringify({ $message: 'CM2', $source_type: 'campaign_message' })],
      )
      expect(made.t).toBe('"Event_y2031m05"')
      expect(await q2(`SELECT "messageKey" AS k FROM "MessageEventIndex" WHERE "eventId" = $1`, [made.id])).toEqual([
        { k: 'CM2' },
      ])
      const types = await q2(`SELECT DISTINCT format_type(a.atttypid, a.atttypmod) AS t
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE a.attname = 'properties' AND c.relname LIKE 'Event%' AND c.relkind IN ('r', 'p')`)
      expect(types).toEqual([{ t: 'jsonb' }])
      // The default, and the writers' cast of a NUL escape.
      const [d] = await q2(
        `INSERT INTO "Event" ("companyId", "profileId", "metricId", ts) VALUES (7, 'p1', 'm1', 1) RETURNING properties AS p`,
      )
      expect(d.p).toEqual({})
      expect(
        (await q2(`SELECT "event_properties_jsonb"($1) AS p`, [JSON.stringify({ n: '\u0000\u0000x' })]))[0].p,
      ).toEqual({ n: 'x' })
    } finally {
      await c2.end()
    }
  } finally {
    await c.end().catch(() => {})
  }
})
