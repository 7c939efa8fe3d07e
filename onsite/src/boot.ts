// What the serving route inlines around the bundle (app/onsite/js/klaviyo.js): the company, the
// origin to call, and the company's onsite settings, so the script needs no second request.
import type { OnsiteSettingsPayload } from './types'

export interface OnsiteBoot {
  companyId: string
  baseUrl: string
  settings: OnsiteSettingsPayload
  /** The merchant turned the customer hub and its store button on (issue 24 §2). */
  hubButton?: boolean
  /** The script tag asked for preview mode (the form editor's iframe): no tracking at all. */
  preview?: boolean
}

declare const KL_BOOT: OnsiteBoot | undefined

export function readBoot(): OnsiteBoot | null {
  return typeof KL_BOOT === 'undefined' ? null : KL_BOOT
}
