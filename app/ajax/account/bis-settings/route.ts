import { ajax, fieldErrorsFrom, readBody } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { camelizeKeys } from '@/lib/text/keys'
import { BIS_DEFAULTS, bisSettingsSchema, getBisSettings, saveBisSettings } from '@/lib/catalog/back-in-stock/settings'

const loaded = async (companyId: number) => ({ settings: await getBisSettings(companyId), defaults: BIS_DEFAULTS })

// GET /ajax/account/bis-settings – the back-in-stock inventory threshold, batch size and minutes between batches (the defaults until saved)
export const GET = ajax({
  partial: ['back_in_stock_read', 'account_settings_read'],
  handler: ({ ctx }) => loaded(ctx.principal.companyId),
})

async function save(companyId: number, req: Request) {
  // The screens' client sends snake_case keys; the settings use camelCase.
  const body = camelizeKeys(await readBody(req)) as Record<string, unknown> | null
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? body : {}
  // Every field is required here (saveBisSettings would fill a missing one with its default), and
  // an empty field is missing, not 0.
  const input = Object.fromEntries(
    (['inventoryThreshold', 'batchSize', 'batchIntervalMinutes'] as const).map((k) => [
      k,
      raw[k] === '' || raw[k] === null ? undefined : raw[k],
    ]),
  )
  const parsed = bisSettingsSchema.safeParse(input)
  if (!parsed.success) throw badRequest('Please correct the highlighted fields.', fieldErrorsFrom(parsed.error))
  await saveBisSettings(companyId, parsed.data)
  return loaded(companyId)
}

// PUT /ajax/account/bis-settings – saves {inventoryThreshold, batchSize, batchIntervalMinutes}; 400 with field errors, nothing written
export const PUT = ajax({
  resources: ['account_settings_write'],
  handler: ({ ctx }) => save(ctx.principal.companyId, ctx.req),
})

// POST /ajax/account/bis-settings – the same save as PUT
export const POST = ajax({
  resources: ['account_settings_write'],
  handler: ({ ctx }) => save(ctx.principal.companyId, ctx.req),
})
