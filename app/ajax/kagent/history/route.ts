import { ajax } from '@/lib/http/ajax'
import { listAgentAnswers, listAgentAnswersQuery } from '@/lib/kagent/list-agent-answers'

// GET /ajax/kagent/history – the conversation agent's automatic answers (?channel, ?before, ?limit)
export const GET = ajax({
  resources: ['sms_conversations_read'],
  query: listAgentAnswersQuery,
  handler: ({ ctx, query }) => listAgentAnswers(ctx.principal.companyId, query),
})
