// GET /ajax/flows/hot-settings?hotSettingName= – a setting of the flows screens that can change
// without a release: read from the company's feature flags (lib/flags), off unless set.
import { z } from 'zod'
import { isFlagOn } from '@/lib/flags/get-feature-flags'
import { camelQuery } from './flows-list'

export const hotSettingsQuery = camelQuery(
  z.object({
    hotSettingName: z
      .string()
      .trim()
      .min(1, 'hotSettingName is required.')
      .max(100)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'hotSettingName has letters, digits, _ . : - only.'),
  }),
)

export async function flowHotSetting(companyId: number, name: string) {
  return { hotSettingName: name, value: await isFlagOn(companyId, name) }
}
