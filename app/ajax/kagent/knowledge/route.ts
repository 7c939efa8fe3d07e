import { ajax } from '@/lib/http/ajax'
import { listAgentKnowledge } from '@/lib/kagent/list-agent-knowledge'

// GET /ajax/kagent/knowledge – the FAQ entries the agent answers from, with their use
export const GET = ajax({
  resources: ['sms_conversations_read'],
  handler: ({ ctx }) => listAgentKnowledge(ctx.principal.companyId),
})
