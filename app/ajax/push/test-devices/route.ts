import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { testDevicesOf } from '@/lib/mobile/send-test-push'

// GET /ajax/push/test-devices?q= – a profile (by email, id or external id) and its registered devices
export const GET = ajax({
  partial: ['campaigns_read', 'flows_read'],
  query: z.object({ q: z.string().max(320, 'Use at most 320 characters.').default('') }),
  handler: ({ ctx, query }) => testDevicesOf(ctx.principal.companyId, query.q),
})
