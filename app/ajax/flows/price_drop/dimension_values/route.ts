import { ajax } from '@/lib/http/ajax'
import { priceDropDimensionValues, priceDropOptionsQuery } from '@/lib/flows/ajax/triggers-options'

// GET /ajax/flows/price_drop/dimension_values?selectedTriggerPreset= – the price drop trigger's filter dimensions and audiences
export const GET = ajax({
  resources: ['flows_read'],
  query: priceDropOptionsQuery,
  handler: ({ ctx, query }) => priceDropDimensionValues(ctx.principal.companyId, query.selectedTriggerPreset),
})
