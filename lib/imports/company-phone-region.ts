// The region a phone number without its country code is read in: the organization's country
// (its postal address), else the region of its locale preferences; none when neither is set.
import { db } from '@/lib/db/client'
import { phoneRegion } from './normalize-phone'

export async function companyPhoneRegion(companyId: number) {
  const c = await db.company.findUnique({ where: { id: companyId }, select: { country: true, localeRegion: true } })
  return phoneRegion(c?.country, c?.localeRegion)
}
