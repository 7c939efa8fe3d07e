import { ajax, z } from '@/lib/http/ajax'
import { cloneStatuses } from '@/lib/flows/ajax/flows-clone'

export const dynamic = 'force-dynamic'

// GET /flow/clone/statuses?statusKeys=a,b – per key: null not started, '' in progress, 'CLONE_ERROR', or the new flow id
export const GET = ajax({
  resources: ['flows_read'],
  query: z.object({
    statusKeys: z
      .string()
      .default('')
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.string().max(64)).max(100, 'At most 100 status keys.')),
  }),
  handler: ({ ctx, query }) => cloneStatuses(ctx.principal.companyId, query.statusKeys),
})
