import { ajax } from '@/lib/http/ajax'
import { setActionSetting, settingBody } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/[id]/setting – a message action's smart sending, transactional, UTM and SMS settings; a new version
export const POST = ajax({
  resources: ['flows_write'],
  body: settingBody,
  handler: ({ ctx, params, body }) => setActionSetting(ctx.principal.companyId, params.id!, body, ctx.principal.userId),
})
