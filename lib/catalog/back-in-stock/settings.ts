// Back-in-stock settings (/settings/other/bis-settings; one BackInStockSettings row per company,
// the defaults until saved): a variant is in stock when its inventory is above
// inventoryThreshold; subscribers are released batchSize at a time, batchIntervalMinutes apart.
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, selectFirst, type Ops } from '@/lib/db/ops'
import { badRequest } from '@/lib/errors/app-error'
import { fieldErrorsFrom } from '@/lib/errors/field-errors'

export interface BisSettings {
  inventoryThreshold: number
  batchSize: number
  batchIntervalMinutes: number
}

export const BIS_DEFAULTS: BisSettings = { inventoryThreshold: 0, batchSize: 100, batchIntervalMinutes: 15 }

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`)

export const bisSettingsSchema = z.object({
  inventoryThreshold: int('The inventory threshold', 0, 1_000_000),
  batchSize: int('The batch size', 1, 10_000),
  batchIntervalMinutes: int('The time between batches', 1, 1440),
})

export function* getBisSettingsOps(companyId: number): Ops<BisSettings> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('BackInStockSettings')
      .select(['inventoryThreshold', 'batchSize', 'batchIntervalMinutes'])
      .where('companyId', '=', companyId),
  )
  if (!r) return { ...BIS_DEFAULTS }
  return {
    inventoryThreshold: Number(r.inventoryThreshold),
    batchSize: Number(r.batchSize),
    batchIntervalMinutes: Number(r.batchIntervalMinutes),
  }
}

export const getBisSettings = (companyId: number) => read(getBisSettingsOps(companyId))

/** Validates (400 with field errors, nothing written) and saves; returns the saved settings. */
export async function saveBisSettings(companyId: number, input: unknown, now = new Date()): Promise<BisSettings> {
  const parsed = bisSettingsSchema.safeParse({ ...BIS_DEFAULTS, ...(input && typeof input === 'object' ? input : {}) })
  if (!parsed.success) throw badRequest('Please correct the highlighted fields.', fieldErrorsFrom(parsed.error))
  const s = parsed.data
  await inWriteTx(function* () {
    yield* exec(
      kysely()
        .insertInto('BackInStockSettings')
        .values({ companyId, ...s, updatedAt: now })
        .onConflict((oc) => oc.column('companyId').doUpdateSet({ ...s, updatedAt: now })),
    )
  })
  return s
}
