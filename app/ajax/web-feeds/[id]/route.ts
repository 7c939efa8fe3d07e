import { ajax } from '@/lib/http/ajax'
import { deleteWebFeedAjax, getWebFeedAjax, updateWebFeedAjax, updateWebFeedBody } from '@/lib/web-feeds/ajax'

// GET /ajax/web-feeds/{id} – one feed with its template key, cache time and last fetch
export const GET = ajax({
  partial: ['feeds_read', 'account_settings_read'],
  handler: ({ ctx, params }) => getWebFeedAjax(ctx.principal.companyId, params.id!),
})

// PATCH /ajax/web-feeds/{id} – edits any of name, url, requestMethod, contentType, cacheTtlSeconds; 400 with field errors
export const PATCH = ajax({
  resources: ['feeds_write'],
  body: updateWebFeedBody,
  handler: ({ ctx, body, params }) => updateWebFeedAjax(ctx.principal.companyId, params.id!, body),
})

// DELETE /ajax/web-feeds/{id} – removes the feed (templates that name it then read it as empty)
export const DELETE = ajax({
  resources: ['feeds_write'],
  handler: ({ ctx, params }) => deleteWebFeedAjax(ctx.principal.companyId, params.id!),
})
