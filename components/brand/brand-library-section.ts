// /brand-library/{section}/{subSection}: the same views as /asset-library under the seed's second
// address. Anything else is not a page.
import type { FontSource } from '@/lib/brand/fonts'
import type { BrandSection } from './brand-screen'

export type BrandLibraryView = { kind: 'brand'; section: BrandSection } | { kind: 'fonts'; source: FontSource }

const BRAND: Record<string, BrandSection> = {
  overview: 'overview',
  styles: 'styles',
  'header-links': 'header-links',
  'social-icons': 'social-icons',
}
const FONTS: Record<string, FontSource> = { hosted: 'hosted', custom: 'custom', web: 'web' }

export function brandLibraryView(section: string, subSection: string): BrandLibraryView | null {
  if (section === 'brand' && BRAND[subSection]) return { kind: 'brand', section: BRAND[subSection] }
  if (section === 'fonts' && FONTS[subSection]) return { kind: 'fonts', source: FONTS[subSection] }
  return null
}
