// What every inbound SMS webhook looks up before anything else: the company that owns the number
// it was sent to and that company's account (its opened auth token checks the signature). Both
// are kept per process for SMS_LOOKUP_TTL_MS (lib/db/ttl-cache.ts): saveSmsSettings in this
// process drops them at once, a change made through another process (another web server, the
// worker, SQL) is seen within that time.
import { ttlCache } from '@/lib/db/ttl-cache'
import type { SmsAccount } from './sms-settings'

export const SMS_LOOKUP_TTL_MS = 5_000

export const smsNumberCache = ttlCache<string, number | null>('sms-number', SMS_LOOKUP_TTL_MS)
export const smsAccountCache = ttlCache<number, SmsAccount | null>('sms-account', SMS_LOOKUP_TTL_MS)

/** After a write of a company's SMS settings or numbers (a number may have changed owner: all numbers go). */
export function forgetSmsLookups(companyId: number): void {
  smsAccountCache.forget(companyId)
  smsNumberCache.forget()
}
