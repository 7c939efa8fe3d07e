import { ajax, readBody } from '@/lib/http/ajax'
import { camelizeKeys } from '@/lib/text/keys'
import { READ, WRITE, campaignAjaxCall } from '@/lib/campaigns/ajax/common'
import { getOmnicampaignSandbox } from '@/lib/campaigns/sandbox/omnicampaign-sandbox'
import { sandboxTestBody, sendSandboxTest } from '@/lib/campaigns/sandbox/send-sandbox-test'

// GET /ajax/omnicampaigns/{id}/sandbox – the omnicampaign's channels as the sandbox tests them, and the allowed test addresses
export const GET = ajax({
  resources: READ,
  handler: ({ ctx, params }) =>
    campaignAjaxCall(async () => ({ sandbox: await getOmnicampaignSandbox(ctx.principal.companyId, params.id!) })),
})

// POST /ajax/omnicampaigns/{id}/sandbox – sends one channel's email as a test (a preview send, never counted in reports)
export const POST = ajax({
  resources: WRITE,
  handler: async ({ ctx, params }) => {
    const body = sandboxTestBody.parse(camelizeKeys(await readBody(ctx.req)))
    return campaignAjaxCall(() => sendSandboxTest(ctx.principal.companyId, params.id!, body))
  },
})
