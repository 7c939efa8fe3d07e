import { ajax } from '@/lib/http/ajax'
import { appLink } from '@/lib/config/app-url'
import { sendDiagnosticEvent } from '@/lib/developer-tools/send-diagnostic-event'

// POST /ajax/developer-tools/client-diagnostics/test-event – an Active on Site test event for the signed-in user
export const POST = ajax({
  resources: ['applications_write'],
  status: 201,
  handler: ({ ctx }) =>
    sendDiagnosticEvent(ctx.principal.companyId, ctx.principal.user.email, appLink('/client-diagnostics')),
})
