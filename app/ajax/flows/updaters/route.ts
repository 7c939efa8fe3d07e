import { ajax } from '@/lib/http/ajax'
import { flowUpdaters, updatersQuery } from '@/lib/flows/ajax/flows-updaters'

// GET /ajax/flows/updaters/?ids=a,b – who last changed each flow
export const GET = ajax({
  resources: ['flows_read'],
  query: updatersQuery,
  handler: ({ ctx, query }) => flowUpdaters(ctx.principal.companyId, query.ids),
})
