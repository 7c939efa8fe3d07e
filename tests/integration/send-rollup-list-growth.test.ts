/** @jest-environment node */
// Issue 27 §6: the portfolio dashboard's list growth from the per-day list change rollup (kept by
// triggers on GroupMembershipChange): hand-counted joins and leaves over whole days and the
// period's partial edges equal the live count; segments, other accounts and deleted or moved
// changes are kept right.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { makeCompany } from '../helpers/factory'
import { accountFigures } from '@/lib/portfolio/account-figures'
import { LIST, SEGMENT } from '@/lib/groups/group-view'

const NOW = new Date('2026-03-20T10:00:00Z')
// From 12 March 10:00: 12 March and 20 March are partial (live), 13–19 March whole (rollup).
const PERIOD = { from: new Date('2026-03-12T10:00:00Z'), to: NOW }
const at = (s: string) => new Date(`2026-03-${s}Z`)

let cid: number
let other: number
let movable: number

const growth = async () =>
  (await accountFigures([cid, other], PERIOD)).map((f) => ({ joined: f.listGrowth.joined, left: f.listGrowth.left }))

beforeAll(async () => {
  cid = (await makeCompany()).id
  other = (await makeCompany()).id
  await db.group.create({ data: { id: `l${cid}`, companyId: cid, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: `s${cid}`, companyId: cid, name: 'VIPs', type: SEGMENT } })
  await db.group.create({ data: { id: `l${other}`, companyId: other, name: 'Newsletter', type: LIST } })
  const change = (companyId: number, groupId: string, kind: string, when: Date) =>
    db.groupMembershipChange.create({ data: { companyId, groupId, profileId: 'p', kind, at: when } })
  await change(cid, `l${cid}`, 'entered', at('12T09:00:00')) // before the period
  await change(cid, `l${cid}`, 'entered', at('12T11:00:00')) // joined 1 (edge, live)
  await change(cid, `l${cid}`, 'entered', at('13T00:00:00')) // joined 2
  await change(cid, `l${cid}`, 'entered', at('15T12:00:00')) // joined 3
  await change(cid, `l${cid}`, 'left', at('15T13:00:00')) // left 1
  await change(cid, `l${cid}`, 'entered', at('19T23:59:59')) // joined 4
  await change(cid, `l${cid}`, 'entered', at('20T09:00:00')) // joined 5 (today, live)
  await change(cid, `l${cid}`, 'entered', at('20T11:00:00')) // after now
  await change(cid, `s${cid}`, 'entered', at('15T12:00:00')) // a segment: not counted
  movable = (await change(cid, `l${cid}`, 'left', at('16T08:00:00'))).id // left 2
  await change(other, `l${other}`, 'entered', at('15T12:00:00'))
  await change(other, `l${other}`, 'entered', at('15T12:30:00'))
})

test('joins and leaves equal the hand count; whole days come from the rollup, lists only', async () => {
  expect(await growth()).toEqual([
    { joined: 5, left: 2 },
    { joined: 2, left: 0 },
  ])
  const rows = await kysely()
    .selectFrom('ListChangeDailyRollup')
    .selectAll()
    .where('companyId', '=', cid)
    .orderBy('day')
    .orderBy('kind')
    .execute()
  expect(rows.map((r) => [r.groupId, r.day, r.kind, Number(r.count)])).toEqual([
    [`l${cid}`, '2026-03-12', 'entered', 2],
    [`l${cid}`, '2026-03-13', 'entered', 1],
    [`l${cid}`, '2026-03-15', 'entered', 1],
    [`l${cid}`, '2026-03-15', 'left', 1],
    [`l${cid}`, '2026-03-16', 'left', 1],
    [`l${cid}`, '2026-03-19', 'entered', 1],
    [`l${cid}`, '2026-03-20', 'entered', 2],
  ])
})

test('a change moved out of the period or erased leaves the rollup with it', async () => {
  await db.groupMembershipChange.update({ where: { id: movable }, data: { at: at('01T08:00:00') } })
  expect(await growth()).toEqual([
    { joined: 5, left: 1 },
    { joined: 2, left: 0 },
  ])
  await db.groupMembershipChange.deleteMany({ where: { companyId: other } })
  expect(await growth()).toEqual([
    { joined: 5, left: 1 },
    { joined: 0, left: 0 },
  ])
  expect(await db.listChangeDailyRollup.count({ where: { companyId: other } })).toBe(0)
})
