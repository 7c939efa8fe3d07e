import { ajax } from '@/lib/http/ajax'
import { flowsForSms } from '@/lib/onboarding/sms-in-flows'

// GET /ajax/onboarding/sms-flows – the live flows and whether each has an SMS step
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx }) => flowsForSms(ctx.principal.companyId),
})
export type SmsFlowsResponse = Awaited<ReturnType<typeof flowsForSms>>
