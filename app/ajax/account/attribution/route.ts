import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { db } from '@/lib/db/client'
import {
  getAttributionSettings,
  saveAttributionSettings,
  DEFAULT_ATTRIBUTION,
  DEFAULT_CONVERSION_METRIC,
  MAX_WINDOW_HOURS,
} from '@/lib/attribution/settings'

async function loaded(companyId: number) {
  const [settings, metrics] = await Promise.all([
    getAttributionSettings(companyId),
    db.metric.findMany({
      where: { companyId },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
      take: 1000,
    }),
  ])
  return {
    settings,
    metrics,
    defaults: { ...DEFAULT_ATTRIBUTION, conversionMetricName: DEFAULT_CONVERSION_METRIC },
    maxWindowHours: MAX_WINDOW_HOURS,
  }
}

// GET /ajax/account/attribution – the conversion metric and the attribution windows, with the account's metrics to choose from
export const GET = ajax({
  partial: ['attribution_settings_read', 'account_settings_read'],
  handler: ({ ctx }) => loaded(ctx.principal.companyId),
})

// POST /ajax/account/attribution – saves {conversionMetricId, emailOpenWindowHours, emailClickWindowHours, smsClickWindowHours, pushOpenWindowHours, countEmailOpens}; 400 with field errors
export const POST = ajax({
  resources: ['account_settings_write'],
  handler: async ({ ctx }) => {
    // The screens' client sends snake_case keys; the settings use camelCase.
    const body = camelizeKeys(await readBody(ctx.req)) as Record<string, unknown> | null
    await saveAttributionSettings(
      ctx.principal.companyId,
      body && typeof body === 'object' && !Array.isArray(body) ? body : {},
    )
    return loaded(ctx.principal.companyId)
  },
})
