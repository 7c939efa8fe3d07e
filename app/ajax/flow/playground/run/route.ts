import { ajax } from '@/lib/http/ajax'
import { playgroundQuery, runPlayground } from '@/lib/flows/playground-run'

// GET /ajax/flow/playground/run?flowId&profile&at – the path the profile would take at that moment (nothing sent)
export const GET = ajax({
  resources: ['flows_read'],
  query: playgroundQuery,
  handler: ({ ctx, query }) => runPlayground(ctx.principal.companyId, query),
})
