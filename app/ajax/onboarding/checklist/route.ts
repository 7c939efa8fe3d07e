import { ajax } from '@/lib/http/ajax'
import { readAccountState } from '@/lib/onboarding/account-state'
import { onboardingChecklist } from '@/lib/onboarding/get-started-guides'

// GET /ajax/onboarding/checklist – the /onboarding checklist, each item done from the account's rows
export const GET = ajax({
  handler: async ({ ctx }) => ({
    items: onboardingChecklist(await readAccountState(ctx.principal.companyId, new Date())),
  }),
})
export type ChecklistResponse = { items: ReturnType<typeof onboardingChecklist> }
