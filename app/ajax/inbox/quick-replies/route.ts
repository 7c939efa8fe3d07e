import { ajax } from '@/lib/http/ajax'
import { listQuickReplies, quickReplyBody, saveQuickReply } from '@/lib/inbox/automations/quick-replies'

// GET /ajax/inbox/quick-replies – the saved replies the team inserts into threads
export const GET = ajax({
  resources: ['sms_conversations_read'],
  handler: async ({ ctx }) => ({ quickReplies: await listQuickReplies(ctx.principal.companyId) }),
})

// POST /ajax/inbox/quick-replies – adds one
export const POST = ajax({
  resources: ['sms_conversations_read', 'account_settings_write'],
  body: quickReplyBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ quickReply: await saveQuickReply(ctx.principal.companyId, body) }),
})
