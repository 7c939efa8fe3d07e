import { ajax } from '@/lib/http/ajax'
import { getMessageUtm, setMessageUtm, utmBody } from '@/lib/flows/ajax/messages-update'

// GET /ajax/flow/message/[id]/utm – the message's own UTM parameters and whether tracking parameters are added
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => getMessageUtm(ctx.principal.companyId, params.id!),
})

// PUT /ajax/flow/message/[id]/utm – replaces them (utm_params); CSRF: X-CSRFToken echoing the kl_csrftoken cookie (seed 002 §9)
export const PUT = ajax({
  resources: ['flows_content_write'],
  body: utmBody,
  handler: ({ ctx, params, body }) => setMessageUtm(ctx.principal.companyId, params.id!, body),
})
