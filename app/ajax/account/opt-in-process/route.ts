import { ajax } from '@/lib/http/ajax'
import { listOptInProcesses, setOptInProcess, setOptInProcessBody } from '@/lib/groups/opt-in-processes'

// GET /ajax/account/opt-in-process – every list with its opt-in process
export const GET = ajax({
  partial: ['account_settings_read', 'groups_read'],
  handler: ({ ctx }) => listOptInProcesses(ctx.principal.companyId),
})

// POST /ajax/account/opt-in-process {optInProcess, listIds} – sets several lists at once; 400 if any id is not a list of this account
export const POST = ajax({
  resources: ['groups_write'],
  body: setOptInProcessBody,
  handler: ({ ctx, body }) => setOptInProcess(ctx.principal.companyId, body),
})
