import { ajax } from '@/lib/http/ajax'
import { listTimeZones } from '@/lib/metrics/time-zones'

// GET /ajax/account/timezones – the time zones an account can choose, with their current offsets
// (public: the registration form offers them too)
export const GET = ajax({
  auth: 'none',
  handler: () => ({ timezones: listTimeZones() }),
})
