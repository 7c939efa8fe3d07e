/** @jest-environment node */
// The coupon CSV upload: repeated codes, codes already in the coupon, bad codes and bad dates
// reported per line, nothing half-applied; a good file adds every code; company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { addCodesAllOrNothing, createCoupon } from '@/lib/coupons/store'
import { importCouponCsv } from '@/lib/coupons/import-csv'

test('a CSV with repeated and bad lines is refused line by line and writes nothing; a good one adds all', async () => {
  const cid = (await makeCompany('CSV')).id
  const coupon = await createCoupon(cid, { externalId: 'CSV10' })
  await addCodesAllOrNothing(cid, coupon, [{ code: 'OLD-1' }])
  const bad = await importCouponCsv(
    cid,
    coupon.id,
    'code,expires\nNEW-1\nNEW-2,2027-01-01\nNEW-1\n\nOLD-1\nhas space\nNEW-3,tomorrow\n',
  )
  expect(bad).toEqual({
    ok: false,
    errors: [
      { line: 4, message: 'The code NEW-1 is repeated (first at entry 1).' },
      { line: 6, message: 'The code OLD-1 already exists for this coupon.' },
      { line: 7, message: 'A code may not contain spaces or control characters.' },
      { line: 8, message: '"tomorrow" is not a date (use YYYY-MM-DD).' },
    ],
  })
  expect(await db.couponCode.count({ where: { companyId: cid, couponId: coupon.id } })).toBe(1)
  const good = await importCouponCsv(cid, coupon.id, '\uFEFFcode\r\nNEW-1\r\n"NEW-2",2027-01-01\r\nNEW-3\r\n')
  expect(good).toEqual({ ok: true, created: 3 })
  const rows = await db.couponCode.findMany({
    where: { companyId: cid, couponId: coupon.id },
    orderBy: { code: 'asc' },
  })
  expect(rows.map((r) => [r.code, r.status])).toEqual([
    ['NEW-1', 'UNASSIGNED'],
    ['NEW-2', 'UNASSIGNED'],
    ['NEW-3', 'UNASSIGNED'],
    ['OLD-1', 'UNASSIGNED'],
  ])
  expect(rows.find((r) => r.code === 'NEW-2')!.expiresAt!.toISOString()).toBe('2027-01-01T00:00:00.000Z')
  expect(await importCouponCsv(cid, coupon.id, '\n\n')).toEqual({
    ok: false,
    errors: [{ line: 0, message: 'The file has no codes.' }],
  })
  const other = (await makeCompany('CSV other')).id
  await expect(importCouponCsv(other, coupon.id, 'X-1\n')).rejects.toThrow('This coupon was not found.')
})
