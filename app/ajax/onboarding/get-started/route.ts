import { ajax } from '@/lib/http/ajax'
import { readAccountState } from '@/lib/onboarding/account-state'
import { getStartedGuides } from '@/lib/onboarding/get-started-guides'
import { getSetupState } from '@/lib/onboarding/account-setup'

// GET /ajax/onboarding/get-started – the get-started guides with what the account has really done
export const GET = ajax({
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const [state, setup] = await Promise.all([readAccountState(companyId, new Date()), getSetupState(companyId)])
    return {
      guides: getStartedGuides(state),
      smsChosen: setup.smsChosen || state.smsConfigured,
      setupStep: setup.currentStep,
    }
  },
})
export type GetStartedResponse = {
  guides: ReturnType<typeof getStartedGuides>
  smsChosen: boolean
  setupStep: string | null
}
