import { ajax } from '@/lib/http/ajax'
import { uxApiFlow } from '@/lib/flows/ajax/flows-ux-api'

export const dynamic = 'force-dynamic'

// GET /ux-api/flows/{id}?additional-fields[flow]=definition – the flow as JSON:API under the session (revision header 2025-01-15)
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) =>
    uxApiFlow(ctx.principal.companyId, new URL(ctx.req.url), params.id!, ctx.req.headers.get('revision')),
})
