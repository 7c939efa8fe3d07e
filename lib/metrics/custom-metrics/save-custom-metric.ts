// Creating, changing and deleting a custom metric. Every metric it names must be the company's
// (a 400 naming the group otherwise); names are unique per company (409). Deleting one also
// unmaps it from the mapped metrics, in the same transaction, so no report reads a ghost.
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { metricIdsOf, toCustomMetricRow, type CustomMetricDefinition, type CustomMetricRow } from './definition'

/** 400 with the pointer of each group whose metric is not the company's. */
async function checkMetrics(companyId: number, d: CustomMetricDefinition): Promise<void> {
  const ids = metricIdsOf(d)
  const found = new Set(
    (await db.metric.findMany({ where: { companyId, id: { in: ids } }, select: { id: true } })).map((m) => m.id),
  )
  const errors: Record<string, string[]> = {}
  d.metric_groups.forEach((g, i) => {
    if (!found.has(g.metric_id))
      errors[`definition.metric_groups.${i}.metric_id`] = [`A metric with id ${g.metric_id} was not found.`]
  })
  if (Object.keys(errors).length) throw badRequest('A custom metric can only combine metrics of this account.', errors)
}

const duplicate = (name: string) =>
  new AppError('duplicate', 409, `A custom metric named "${name}" already exists.`, {
    name: [`A custom metric named "${name}" already exists.`],
  })

const stored = (d: CustomMetricDefinition) => ({
  aggregation: d.aggregation_method,
  groups: JSON.stringify(
    d.metric_groups.map((g) => ({
      metric_id: g.metric_id,
      metric_filters: g.metric_filters ?? null,
      value_property: g.value_property ?? null,
    })),
  ),
})

// Two requests creating the same name at once: the unique index decides.
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'P2002'

export async function createCustomMetric(
  companyId: number,
  input: { name: string; definition: CustomMetricDefinition },
): Promise<CustomMetricRow> {
  await checkMetrics(companyId, input.definition)
  if (await db.customMetric.findFirst({ where: { companyId, name: input.name }, select: { id: true } }))
    throw duplicate(input.name)
  try {
    return toCustomMetricRow(
      await db.customMetric.create({ data: { id: ulid(), companyId, name: input.name, ...stored(input.definition) } }),
    )
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate(input.name)
    throw e
  }
}

export async function updateCustomMetric(
  companyId: number,
  id: string,
  input: { name?: string | null; definition?: CustomMetricDefinition | null },
): Promise<CustomMetricRow> {
  const current = await db.customMetric.findFirst({ where: { companyId, id }, select: { id: true } })
  if (!current) throw notFound(`A custom metric with id ${id} was not found.`)
  if (input.definition) await checkMetrics(companyId, input.definition)
  if (
    input.name &&
    (await db.customMetric.findFirst({ where: { companyId, name: input.name, NOT: { id } }, select: { id: true } }))
  )
    throw duplicate(input.name)
  try {
    const row = await db.customMetric.update({
      where: { id },
      data: {
        ...(input.name ? { name: input.name } : {}),
        ...(input.definition ? stored(input.definition) : {}),
        updatedAt: new Date(),
      },
    })
    return toCustomMetricRow(row)
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate(input.name!)
    throw e
  }
}

export async function deleteCustomMetric(companyId: number, id: string): Promise<void> {
  const done = await db.$transaction([
    db.customMetric.deleteMany({ where: { companyId, id } }),
    db.mappedMetric.updateMany({ where: { companyId, customMetricId: id }, data: { customMetricId: null } }),
  ])
  if (done[0].count === 0) throw notFound(`A custom metric with id ${id} was not found.`)
}
