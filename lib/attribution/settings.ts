// Attribution settings (/settings/attribution): the conversion metric and the windows within
// which an open or click earns a conversion. Absent row → the defaults below.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { badRequest, type FieldErrors } from '@/lib/errors/app-error'
import { DEFAULT_CONVERSION_METRIC } from '@/lib/metrics/conversion-metric'

export { DEFAULT_CONVERSION_METRIC }
export const MAX_WINDOW_HOURS = 30 * 24

export interface AttributionConfig {
  /** null → the metric named "Placed Order". */
  conversionMetricId: string | null
  emailOpenWindowHours: number
  emailClickWindowHours: number
  smsClickWindowHours: number
  pushOpenWindowHours: number
  countEmailOpens: boolean
}

export const DEFAULT_ATTRIBUTION: AttributionConfig = {
  conversionMetricId: null,
  emailOpenWindowHours: 120,
  emailClickWindowHours: 120,
  smsClickWindowHours: 24,
  pushOpenWindowHours: 24,
  countEmailOpens: true,
}

const toConfig = (r: Record<string, unknown> | undefined): AttributionConfig =>
  r
    ? {
        conversionMetricId: (r.conversionMetricId as string | null) ?? null,
        emailOpenWindowHours: Number(r.emailOpenWindowHours),
        emailClickWindowHours: Number(r.emailClickWindowHours),
        smsClickWindowHours: Number(r.smsClickWindowHours),
        pushOpenWindowHours: Number(r.pushOpenWindowHours),
        countEmailOpens: r.countEmailOpens === true || r.countEmailOpens === 1 || r.countEmailOpens === '1',
      }
    : { ...DEFAULT_ATTRIBUTION }

/** Settings of several companies at once (one query; defaults for those without a row). */
export function* attributionSettingsOps(companyIds: number[]): Ops<Map<number, AttributionConfig>> {
  const out = new Map<number, AttributionConfig>()
  if (!companyIds.length) return out
  const rows = yield* select(
    kysely().selectFrom('AttributionSettings').selectAll().where('companyId', 'in', companyIds),
  )
  for (const id of companyIds)
    out.set(id, toConfig(rows.find((r) => r.companyId === id) as Record<string, unknown> | undefined))
  return out
}

export async function getAttributionSettings(
  companyId: number,
): Promise<AttributionConfig & { conversionMetricName: string }> {
  const cfg = (await read(attributionSettingsOps([companyId]))).get(companyId)!
  let name = DEFAULT_CONVERSION_METRIC
  if (cfg.conversionMetricId) {
    const m = await read(
      selectFirst(
        kysely()
          .selectFrom('Metric')
          .select('name')
          .where('companyId', '=', companyId)
          .where('id', '=', cfg.conversionMetricId),
      ),
    )
    name = m?.name ?? name
  }
  return { ...cfg, conversionMetricName: name }
}

const HOURS = ['emailOpenWindowHours', 'emailClickWindowHours', 'smsClickWindowHours', 'pushOpenWindowHours'] as const

/** Validates and saves; 400 with field errors on bad input, nothing written. */
export async function saveAttributionSettings(
  companyId: number,
  input: Record<string, unknown>,
): Promise<AttributionConfig> {
  const cur = (await read(attributionSettingsOps([companyId]))).get(companyId)!
  const next: AttributionConfig = { ...cur }
  const errors: FieldErrors = {}
  for (const k of HOURS) {
    if (input[k] === undefined) continue
    const v = input[k]
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_WINDOW_HOURS)
      errors[k] = [`Enter a whole number of hours from 1 to ${MAX_WINDOW_HOURS}.`]
    else next[k] = v
  }
  if (input.countEmailOpens !== undefined) {
    if (typeof input.countEmailOpens !== 'boolean') errors.countEmailOpens = ['Must be true or false.']
    else next.countEmailOpens = input.countEmailOpens
  }
  if (input.conversionMetricId !== undefined) {
    const v = input.conversionMetricId
    if (v === null || v === '') next.conversionMetricId = null
    else if (typeof v !== 'string') errors.conversionMetricId = ['Choose a metric.']
    else {
      const m = await read(
        selectFirst(kysely().selectFrom('Metric').select('id').where('companyId', '=', companyId).where('id', '=', v)),
      )
      if (!m) errors.conversionMetricId = ['This metric does not exist.']
      else next.conversionMetricId = v
    }
  }
  if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields.', errors)
  const now = new Date()
  const row = { ...next, updatedAt: now }
  await inWriteTx(() =>
    exec(
      kysely()
        .insertInto('AttributionSettings')
        .values({ companyId, ...row })
        .onConflict((oc) => oc.column('companyId').doUpdateSet(row)),
    ),
  )
  return next
}
