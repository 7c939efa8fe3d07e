import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import {
  importSmsSubscribers,
  isStorePlatform,
  smsImportBody,
  smsSubscribersStatus,
} from '@/lib/onboarding/sms-subscribers'

const platformOf = (p: string | undefined) => {
  if (!p || !isStorePlatform(p)) throw notFound('No such platform.')
  return p
}

// GET /ajax/onboarding/sms-subscribers/{shopify|woocommerce} – the store connection, its sync and the SMS subscriber count
export const GET = ajax({
  resources: ['integrations_read'],
  handler: ({ ctx, params }) => smsSubscribersStatus(ctx.principal.companyId, platformOf(params.platform)),
})

// POST /ajax/onboarding/sms-subscribers/{shopify|woocommerce} {days} – imports the store's customers with their SMS consent
export const POST = ajax({
  resources: ['integrations_read', 'integrations_write'],
  body: smsImportBody,
  handler: ({ ctx, params, body }) => importSmsSubscribers(ctx.principal.companyId, platformOf(params.platform), body),
})
export type SmsSubscribersResponse = Awaited<ReturnType<typeof smsSubscribersStatus>>
