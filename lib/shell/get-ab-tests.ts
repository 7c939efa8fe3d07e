// The company's A/B map: {experiment: {ab_test_value}} with JSON values (boolean, number or null).
import { db } from '@/lib/db/client'

export type AbTestValue = boolean | number | null

function parseValue(raw: string): AbTestValue {
  try {
    const v: unknown = JSON.parse(raw)
    return typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) ? v : null
  } catch {
    return null
  }
}

export async function getAbTests(companyId: number): Promise<Record<string, { ab_test_value: AbTestValue }>> {
  const rows = await db.abTestAssignment.findMany({ where: { companyId }, orderBy: { experiment: 'asc' } })
  const out: Record<string, { ab_test_value: AbTestValue }> = {}
  for (const r of rows) out[r.experiment] = { ab_test_value: parseValue(r.value) }
  return out
}
