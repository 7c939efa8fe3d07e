import { ajax } from '@/lib/http/ajax'
import { setSetting, settingBody } from '@/lib/flows/ajax/messages-update'

// POST /ajax/flow/message/[id]/setting – smart sending, transactional, tracking parameters, SMS quiet hours, sender
export const POST = ajax({
  resources: ['flows_write'],
  body: settingBody,
  handler: ({ ctx, params, body }) => setSetting(ctx.principal.companyId, params.id!, body),
})
