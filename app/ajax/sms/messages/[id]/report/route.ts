import { ajax } from '@/lib/http/ajax'
import { messagePreview, messageReport, messageReportQuery } from '@/lib/mobile/message-report'

// GET /ajax/sms/messages/{id}/report?messageType=campaign|flow&recipientId= – the sent message's sends by status and recipients
export const GET = ajax({
  partial: ['campaigns_read', 'flows_read'],
  query: messageReportQuery,
  handler: ({ ctx, query, params }) => messageReport(ctx.principal.companyId, 'sms', params.id!, query),
})

// POST /ajax/sms/messages/{id}/report?messageType=campaign|flow&recipientId= – the message rendered for the recipient (or a sample)
export const POST = ajax({
  partial: ['campaigns_read', 'flows_read'],
  query: messageReportQuery,
  handler: ({ ctx, query, params }) => messagePreview(ctx.principal.companyId, 'sms', params.id!, query),
})
