import { ajax } from '@/lib/http/ajax'
import { flowChanges } from '@/lib/flows/ajax/flows-changes'

// GET /ajax/flow/{id}/changes – the version history with who and a summary of each change
export const GET = ajax({
  resources: ['flows_changelog_read'],
  handler: ({ ctx, params }) => flowChanges(ctx.principal.companyId, params.id!),
})
