import { ajax, readBody } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { camelizeKeys } from '@/lib/text/keys'
import { saveSetupStep } from '@/lib/onboarding/account-setup'
import { normaliseStep } from '@/lib/onboarding/setup-steps'

// POST /ajax/onboarding/setup/{step} – saves one wizard step (400 with field errors) and answers where to go next
export const POST = ajax({
  resources: ['account_settings_write'],
  handler: async ({ ctx, params }) => {
    const step = normaliseStep(params.step ?? '')
    if (!step) throw notFound('No such setup step.')
    return saveSetupStep(ctx.principal.companyId, ctx.principal.userId, step, camelizeKeys(await readBody(ctx.req)))
  },
})
export type SaveSetupStepResponse = Awaited<ReturnType<typeof saveSetupStep>>
