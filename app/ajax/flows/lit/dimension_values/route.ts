import { ajax } from '@/lib/http/ajax'
import { lowInventoryDimensionValues } from '@/lib/flows/ajax/triggers-options'

// GET /ajax/flows/lit/dimension_values – the low inventory trigger's filter dimensions and engagement metrics
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => lowInventoryDimensionValues(ctx.principal.companyId),
})
