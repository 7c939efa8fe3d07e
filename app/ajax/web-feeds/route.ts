import { ajax } from '@/lib/http/ajax'
import { createWebFeedAjax, createWebFeedBody, listWebFeedsAjax } from '@/lib/web-feeds/ajax'

// GET /ajax/web-feeds – the account's web feeds with their template key, cache time and last fetch
export const GET = ajax({
  partial: ['feeds_read', 'account_settings_read'],
  handler: ({ ctx }) => listWebFeedsAjax(ctx.principal.companyId),
})

// POST /ajax/web-feeds – creates {name, url, requestMethod, contentType, cacheTtlSeconds}; 400 with field errors, 409 for a taken name
export const POST = ajax({
  resources: ['feeds_write'],
  body: createWebFeedBody,
  status: 201,
  handler: ({ ctx, body }) => createWebFeedAjax(ctx.principal.companyId, body),
})
