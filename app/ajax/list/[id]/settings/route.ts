import { ajax } from '@/lib/http/ajax'
import { getListSettings, listSettingsBody, updateListSettings } from '@/lib/groups/list-settings'

// GET /ajax/list/[id]/settings – a list's name and opt-in process
export const GET = ajax({
  resources: ['groups_read'],
  handler: async ({ ctx, params }) => ({ settings: await getListSettings(ctx.principal.companyId, params.id!) }),
})

// POST /ajax/list/[id]/settings – saves a list's name and opt-in process
export const POST = ajax({
  resources: ['groups_write'],
  body: listSettingsBody,
  handler: async ({ ctx, params, body }) => ({
    settings: await updateListSettings(ctx.principal.companyId, params.id!, body),
  }),
})
