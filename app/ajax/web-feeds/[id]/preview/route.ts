import { ajax } from '@/lib/http/ajax'
import { fetchWebFeedPreview, readWebFeedPreview } from '@/lib/web-feeds/preview-web-feed'

// GET /ajax/web-feeds/{id}/preview – the feed's last good content as templates see it (no network)
export const GET = ajax({
  partial: ['feeds_read', 'account_settings_read'],
  handler: ({ ctx, params }) => readWebFeedPreview(ctx.principal.companyId, params.id!),
})

// POST /ajax/web-feeds/{id}/preview – fetches the feed now (guarded fetcher) and shows it, or why it failed
export const POST = ajax({
  resources: ['feeds_write'],
  handler: ({ ctx, params }) => fetchWebFeedPreview(ctx.principal.companyId, params.id!),
})
