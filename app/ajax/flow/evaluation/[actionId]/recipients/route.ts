import { ajax } from '@/lib/http/ajax'
import { evaluationRecipients, evaluationRecipientsQuery } from '@/lib/flows/reports/evaluation-recipients'

// GET /ajax/flow/evaluation/[actionId]/recipients – the action's steps (who, status, outcome), paged
export const GET = ajax({
  resources: ['flows_read', 'flows_reporting'],
  query: evaluationRecipientsQuery,
  handler: ({ ctx, params, query }) => evaluationRecipients(ctx.principal.companyId, params.actionId!, query),
})
export type EvaluationRecipientsResponse = Awaited<ReturnType<typeof evaluationRecipients>>
