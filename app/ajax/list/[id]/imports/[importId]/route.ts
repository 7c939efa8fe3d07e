import { ajax } from '@/lib/http/ajax'
import { getListImport } from '@/lib/groups/list-imports'

// GET /ajax/list/[id]/imports/[importId] – an import's progress and its per-row errors
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => ({
    import: await getListImport(ctx.principal.companyId, params.id!, params.importId!),
  }),
})
