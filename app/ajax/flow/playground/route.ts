import { ajax } from '@/lib/http/ajax'
import { playgroundOptions } from '@/lib/flows/playground-run'

// GET /ajax/flow/playground – the flows the playground can run (latest 200, not archived)
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => playgroundOptions(ctx.principal.companyId),
})
