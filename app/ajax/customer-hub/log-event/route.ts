import { ajax } from '@/lib/http/ajax'
import { hubLogEventBody } from '@/lib/customer-hub/hub-onboarding'

// POST /ajax/customer-hub/log-event – the screens' usage log (validated; no sales tool is wired to it here)
export const POST = ajax({
  body: hubLogEventBody,
  handler: async () => ({ logged: true }),
})
