import { ajax } from '@/lib/http/ajax'
import { abTestContent } from '@/lib/flows/ajax/ab-tests-manage'

// GET /ajax/flow/ab-test/[actionId]/content – the content of each variation (name, subject, template, weight)
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => abTestContent(ctx.principal.companyId, params.actionId!),
})
