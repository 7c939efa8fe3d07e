/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { GET } from '@/app/ajax/ping/route'
import { db } from '@/lib/db/client'

test('GET /ajax/ping answers and the test database is migrated', async () => {
  const res = GET()
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ ok: true })
  expect(await db.company.count()).toBe(0)
})
