import { ajax } from '@/lib/http/ajax'
import { getAgentOverview } from '@/lib/kagent/get-agent-overview'

// GET /ajax/kagent/overview – the agent's last 30 days: messages, answers by rule and outcome, knowledge state
export const GET = ajax({
  resources: ['sms_conversations_read'],
  handler: ({ ctx }) => getAgentOverview(ctx.principal.companyId),
})
