// What the existing hosted email pages (unsubscribe, preferences, confirm) take from the
// merchant's branding: the consent page of the list or the company, over the hosted-pages
// defaults. With nothing edited this yields the pages' built-in look and texts.
import { BUTTON_RADIUS, FONT_STACKS, type HostedPagesSettings } from '@/lib/hosted-pages/style'
import { getHostedPagesSettings } from '@/lib/hosted-pages/settings'
import { safeColor } from '@/lib/hosted-pages/colors'
import { resolveConsentPage } from '@/lib/hosted-pages/consent-page-store'
import type { ConsentPageContent, ConsentPageKind } from '@/lib/hosted-pages/consent-page-content'

export interface PageBranding {
  content: ConsentPageContent
  settings: HostedPagesSettings
}

export async function loadPageBranding(
  companyId: number,
  kind: ConsentPageKind,
  listId?: string | null,
): Promise<PageBranding> {
  const [content, settings] = await Promise.all([
    resolveConsentPage(companyId, kind, listId),
    getHostedPagesSettings(companyId),
  ])
  return { content, settings }
}

/** CSS appended after a page's own stylesheet; every value is a checked colour or a fixed stack. */
export function brandingCss(b: PageBranding): string {
  const s = b.settings
  const c = b.content
  const bg = safeColor(c.backgroundColor || s.backgroundColor, '#f4f5f7')
  const text = safeColor(c.textColor || s.textColor, '#1b1f24')
  const button = safeColor(c.buttonColor || s.brandColor, '#1b1f24')
  return (
    `body{background:${bg};color:${text};font-family:${FONT_STACKS[s.font]}}button{background:${button};border-radius:${BUTTON_RADIUS[s.buttonStyle]}}` +
    (s.logoPlacement === 'center' ? '.brand{justify-content:center}' : '')
  )
}

export const showsLogo = (b: PageBranding) => b.content.showLogo && b.settings.logoPlacement !== 'hidden'
