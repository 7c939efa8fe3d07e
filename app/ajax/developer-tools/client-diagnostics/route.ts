import { ajax } from '@/lib/http/ajax'
import { clientDiagnostics } from '@/lib/developer-tools/client-diagnostics'

// GET /ajax/developer-tools/client-diagnostics – onsite script installs and recent onsite events
export const GET = ajax({
  resources: ['applications_read'],
  handler: ({ ctx }) => clientDiagnostics(ctx.principal.companyId),
})
