// Saves the parts of the brand kit that were sent; the others keep their stored value.
import { db } from '@/lib/db/client'
import { DEFAULT_STYLES, type BrandKitUpdate } from './brand-kit-schema'
import { getBrandKit, type BrandKitView } from './get-brand-kit'

export async function saveBrandKit(companyId: number, update: BrandKitUpdate): Promise<BrandKitView> {
  const data = {
    ...(update.styles ? { styles: JSON.stringify(update.styles) } : {}),
    ...(update.headerLinks ? { headerLinks: JSON.stringify(update.headerLinks) } : {}),
    ...(update.socialIcons ? { socialIcons: JSON.stringify(update.socialIcons) } : {}),
  }
  await db.brandKit.upsert({
    where: { companyId },
    create: { companyId, styles: JSON.stringify(DEFAULT_STYLES), ...data },
    update: data,
  })
  return getBrandKit(companyId)
}
