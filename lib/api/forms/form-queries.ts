// Reads behind /api/forms and /api/form-versions: the vendor's filters and sorts, keyset pages,
// always inside the key's company.
import { db } from '@/lib/db/client'
import { apiNotFound } from '@/lib/api/api-error'
import { decodeCursor } from '@/lib/api/cursor'
import { keysetOrder, keysetWhere, pageOf } from '@/lib/api/keyset'
import { dateValue, filterParam, pageSize, sortParam, stringValues } from '@/lib/api/query-params'
import { parseIntId } from '@/lib/ids/int-id'

const DATE_OPS = ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'] as const
const PRISMA_OP: Record<string, string> = {
  'greater-than': 'gt',
  'less-than': 'lt',
  'greater-or-equal': 'gte',
  'less-or-equal': 'lte',
}
const SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const
const COLUMN: Record<string, 'createdAt' | 'updatedAt'> = { created_at: 'createdAt', updated_at: 'updatedAt' }

type Where = Record<string, unknown>

function dateFilter(where: Where, field: string, op: string, value: unknown) {
  const col = COLUMN[field]!
  where[col] = { ...(where[col] as object | undefined), [PRISMA_OP[op]!]: dateValue(value, field) }
}

/** Which of these forms have an experiment (the API's ab_test, "regardless of its status"). */
export async function formsWithAbTest(companyId: number, formIds: string[]): Promise<Set<string>> {
  if (!formIds.length) return new Set()
  const rows = await db.formExperiment.findMany({
    where: { companyId, formId: { in: formIds } },
    select: { formId: true },
    distinct: ['formId'],
  })
  return new Set(rows.map((r) => r.formId))
}

export async function formsPage(companyId: number, url: URL) {
  const conds = filterParam(url, {
    id: ['any', 'equals'],
    name: ['any', 'contains', 'equals'],
    ab_test: ['equals'],
    updated_at: DATE_OPS,
    created_at: DATE_OPS,
    status: ['equals'],
  })
  const where: Where = { companyId }
  for (const c of conds) {
    if (c.field === 'created_at' || c.field === 'updated_at') dateFilter(where, c.field, c.op, c.value)
    else if (c.field === 'ab_test') where.experiments = c.value === true ? { some: {} } : { none: {} }
    else if (c.field === 'status') {
      const [s] = stringValues(c.value, 'status')
      // The API says draft for a scheduled form, so a draft filter finds those too.
      where.status = s === 'live' ? 'live' : { in: ['draft', 'scheduled'] }
    } else {
      const values = stringValues(c.value, c.field)
      const col = c.field
      if (c.op === 'contains') where[col] = { contains: values[0] }
      else where[col] = { in: values }
    }
  }
  return keysetPage(url, where, (w, order, take) => db.form.findMany({ where: w, orderBy: order, take }), 'string')
}

export async function formVersionsPage(companyId: number, formId: string, url: URL) {
  const form = await db.form.findFirst({ where: { id: formId, companyId }, select: { id: true } })
  if (!form) throw apiNotFound()
  const conds = filterParam(url, {
    form_type: ['any', 'equals'],
    status: ['equals'],
    updated_at: DATE_OPS,
    created_at: DATE_OPS,
  })
  const where: Where = { companyId, formId }
  for (const c of conds) {
    if (c.field === 'created_at' || c.field === 'updated_at') dateFilter(where, c.field, c.op, c.value)
    else if (c.field === 'form_type') where.formType = { in: stringValues(c.value, 'form_type') }
    else where.status = stringValues(c.value, 'status')[0]
  }
  return keysetPage(
    url,
    where,
    (w, order, take) => db.formVersion.findMany({ where: w, orderBy: order, take }),
    'number',
  )
}

async function keysetPage<T extends { id: string | number; createdAt: Date; updatedAt: Date }>(
  url: URL,
  where: Where,
  find: (where: Where, order: ReturnType<typeof keysetOrder>, take: number) => Promise<T[]>,
  idKind: 'string' | 'number',
) {
  const sort = sortParam(url, SORTS, 'created_at')
  const col = COLUMN[sort.field]!
  const size = pageSize(url, { def: 20, max: 100 })
  const after = keysetWhere(col, sort.desc, decodeCursor(url.searchParams.get('page[cursor]')), 'date', false, idKind)
  const rows = await find(after ? { AND: [where, after] } : where, keysetOrder(col, sort.desc), size + 1)
  return pageOf(rows, size, col, (r) => r[col])
}

export async function formVersionOr404(companyId: number, rawId: string) {
  const id = parseIntId(rawId)
  const v = id === null ? null : await db.formVersion.findFirst({ where: { id, companyId } })
  if (!v) throw apiNotFound()
  return v
}

export async function formOr404(companyId: number, id: string) {
  const f = await db.form.findFirst({ where: { id, companyId }, include: { versions: true } })
  if (!f) throw apiNotFound()
  return f
}
