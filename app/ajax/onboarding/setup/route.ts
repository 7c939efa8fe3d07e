import { ajax } from '@/lib/http/ajax'
import { getSetupState } from '@/lib/onboarding/account-setup'

// GET /ajax/onboarding/setup – the account-setup wizard's saved answers and the step to resume at
export const GET = ajax({
  handler: ({ ctx }) => getSetupState(ctx.principal.companyId),
})
export type SetupStateResponse = Awaited<ReturnType<typeof getSetupState>>
