// The card context of a signed-in request: the company, the user (for their unshared reports)
// and the company's time zone.
import type { Principal } from '@/lib/auth/session'
import type { CardContext } from './card-data'

export const cardContext = (p: Principal, now = new Date()): CardContext => ({
  companyId: p.companyId,
  userId: p.userId,
  timeZone: p.company.timezone || 'UTC',
  now,
})
