import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { findFlowLaunch, isFlowGuide, launchFlowGuide } from '@/lib/onboarding/launch-flow-guide'

const guideOf = (g: string | undefined) => {
  if (!g || !isFlowGuide(g)) throw notFound('No such guide.')
  return g
}

// GET /ajax/onboarding/launch/{ac-flow|ws-flow} – the flow this guide made before, if any
export const GET = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx, params }) => ({
    launch: await findFlowLaunch(ctx.principal.companyId, guideOf(params.guide)),
  }),
})

// POST /ajax/onboarding/launch/{ac-flow|ws-flow} – makes the flow from its template and sets it live, once
export const POST = ajax({
  resources: ['flows_write', 'flows_create'],
  handler: ({ ctx, params }) => launchFlowGuide(ctx.principal.companyId, ctx.principal.userId, guideOf(params.guide)),
})
