/** @jest-environment node */
// MessageEventIndex (the message events by message, for reports): kept by a trigger on Event for
// every writer, with the flow action id split from '<actionId>:<runId>' and the machine flag;
// events that are not about a message are not indexed; the migration's backfill rebuilds the same
// rows from existing events; deleting an event removes its row.
import fs from 'node:fs'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db, dbEngine } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'

let companyId: number
let metricId: string
const rows = () =>
  db.messageEventIndex.findMany({
    where: { companyId },
    orderBy: { ts: 'asc' },
    select: { sourceType: true, messageKey: true, ts: true, machine: true, profileId: true, metricId: true },
  })

beforeAll(async () => {
  companyId = (await makeCompany('Index A')).id
  await db.profile.create({ data: { id: `pi-${companyId}`, companyId, email: 'i@x.test' } })
  metricId = (await db.metric.create({ data: { id: `mi-${companyId}`, companyId, name: 'Opened Email' } })).id
  const ev = (ts: number, properties: unknown) =>
    db.event.create({
      data: {
        companyId,
        profileId: `pi-${companyId}`,
        metricId,
        ts,
        properties: typeof properties === 'string' ? properties : JSON.stringify(properties),
      },
    })
  await ev(100, { $message: 'ACT1:run-9', $source_type: 'flow_action_run', channel: 'email' })
  await ev(101, { $message: 'CMSG1', $source_type: 'campaign_message', $machine: true, $machine_reason: 'apple_mpp' })
  await ev(102, { ProductID: 'SKU-1' })
  await ev(103, { $message: 5, $source_type: 'campaign_message' })
  await ev(104, { $message: 'CMSG1', $source_type: 'campaign_message' })
})

const expected = () =>
  [
    { sourceType: 'flow_action_run', messageKey: 'ACT1', ts: 100, machine: false },
    { sourceType: 'campaign_message', messageKey: 'CMSG1', ts: 101, machine: true },
    { sourceType: 'campaign_message', messageKey: 'CMSG1', ts: 104, machine: false },
  ].map((r) => ({ ...r, profileId: `pi-${companyId}`, metricId }))

test('the trigger indexes message events as they are written, and only those', async () => {
  expect(await rows()).toEqual(expected())
})

test('the migration backfill rebuilds the same rows from the events', async () => {
  const dir = dbEngine() === 'postgresql' ? 'prisma/postgres/migrations' : 'prisma/migrations'
  const file = path.join(
    process.cwd(),
    dir,
    fs.readdirSync(path.join(process.cwd(), dir)).find((d) => d.endsWith('_message_event_index'))!,
    'migration.sql',
  )
  const sql = fs.readFileSync(file, 'utf8')
  const text = sql.slice(sql.indexOf('INSERT INTO "MessageEventIndex"'), sql.indexOf('-- Every writer')).trim()
  // PostgreSQL's "properties" became jsonb later (…_event_properties_jsonb); the backfill ran on
  // the text, which is what it reads here.
  const backfill = dbEngine() === 'postgresql' ? text.replace('e."properties" LIKE', 'e."properties"::text LIKE') : text
  await db.messageEventIndex.deleteMany({ where: { companyId } })
  expect(await rows()).toEqual([])
  await db.$executeRawUnsafe(backfill)
  expect(await rows()).toEqual(expected())
})

test('deleting an event deletes its index row', async () => {
  const e = await db.event.findFirstOrThrow({ where: { companyId, ts: 104 } })
  await db.event.deleteMany({ where: { id: e.id } })
  expect((await rows()).map((r) => r.ts)).toEqual([100, 101])
})
