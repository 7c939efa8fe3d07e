// The company's brand kit; a company that has not saved one gets the defaults.
import { db } from '@/lib/db/client'
import {
  brandStylesSchema,
  DEFAULT_STYLES,
  headerLinksSchema,
  socialIconsSchema,
  type BrandStyles,
  type HeaderLink,
  type SocialIcon,
} from './brand-kit-schema'

export interface BrandKitView {
  styles: BrandStyles
  headerLinks: HeaderLink[]
  socialIcons: SocialIcon[]
  updated: string | null
}

// A stored part that no longer parses (an older shape) falls back rather than breaking the editor.
function parsed<T>(
  text: string,
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
  fallback: T,
): T {
  try {
    const r = schema.safeParse(JSON.parse(text))
    return r.success ? (r.data as T) : fallback
  } catch {
    return fallback
  }
}

export async function getBrandKit(companyId: number): Promise<BrandKitView> {
  const row = await db.brandKit.findUnique({ where: { companyId } })
  if (!row) return { styles: DEFAULT_STYLES, headerLinks: [], socialIcons: [], updated: null }
  return {
    styles: parsed(row.styles, brandStylesSchema, DEFAULT_STYLES),
    headerLinks: parsed(row.headerLinks, headerLinksSchema, []),
    socialIcons: parsed(row.socialIcons, socialIconsSchema, []),
    updated: row.updatedAt.toISOString(),
  }
}
