import { ajax } from '@/lib/http/ajax'

// GET /ajax/consent/enabled – whether staff consent can be managed (always, in this product)
export const GET = ajax({
  handler: () => ({ enabled: true }),
})
