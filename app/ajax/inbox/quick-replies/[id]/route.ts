import { ajax } from '@/lib/http/ajax'
import { deleteQuickReply, quickReplyBody, saveQuickReply } from '@/lib/inbox/automations/quick-replies'

const WRITE = { resources: ['sms_conversations_read', 'account_settings_write'], intParams: ['id'] } as const

// PUT /ajax/inbox/quick-replies/{id} – changes a quick reply
export const PUT = ajax({
  ...WRITE,
  body: quickReplyBody,
  handler: async ({ ctx, body, params }) => ({
    quickReply: await saveQuickReply(ctx.principal.companyId, body, Number(params.id)),
  }),
})

// DELETE /ajax/inbox/quick-replies/{id} – removes it
export const DELETE = ajax({
  ...WRITE,
  handler: async ({ ctx, params }) => {
    await deleteQuickReply(ctx.principal.companyId, Number(params.id))
    return { deleted: true }
  },
})
