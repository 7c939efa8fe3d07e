import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { previewProfilePath } from '@/lib/flows/engine/preview-profile-path'

// GET /ajax/flow/profile-preview/{flowId}/{profileId} – the path the profile would take through the flow now, and why (no writes)
export const GET = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx, params }) => {
    const out = await previewProfilePath(ctx.principal.companyId, params.flowId!, params.profileId!)
    if (!out) throw notFound('The flow or the profile was not found.')
    return out
  },
})
