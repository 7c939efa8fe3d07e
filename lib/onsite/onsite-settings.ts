// The company's onsite settings as the script receives them (an absent row = the defaults).
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'

export interface OnsiteSettingsView {
  trackingEnabled: boolean
  requireConsent: boolean
  formsEnabled: boolean
}

export const DEFAULT_ONSITE_SETTINGS: OnsiteSettingsView = {
  trackingEnabled: true,
  requireConsent: false,
  formsEnabled: true,
}

const bool = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true'

export async function onsiteSettingsFor(companyId: number): Promise<OnsiteSettingsView> {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('OnsiteSettings')
        .select(['trackingEnabled', 'requireConsent', 'formsEnabled'])
        .where('companyId', '=', companyId),
    ),
  )
  if (!row) return DEFAULT_ONSITE_SETTINGS
  return {
    trackingEnabled: bool(row.trackingEnabled),
    requireConsent: bool(row.requireConsent),
    formsEnabled: bool(row.formsEnabled),
  }
}

export async function companyIdByPublicKey(publicKey: string): Promise<number | null> {
  if (!publicKey || publicKey.length > 100) return null
  const row = await read(selectFirst(kysely().selectFrom('Company').select('id').where('publicApiKey', '=', publicKey)))
  return row ? Number(row.id) : null
}
