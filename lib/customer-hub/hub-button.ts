// Whether the onsite script shows the customer hub button: the hub is on and so is its button.
import { db } from '@/lib/db/client'

export async function hubButtonFor(companyId: number): Promise<boolean> {
  const s = await db.hubSettings.findUnique({ where: { companyId }, select: { enabled: true, buttonEnabled: true } })
  return !!s?.enabled && !!s.buttonEnabled
}
