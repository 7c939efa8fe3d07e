// The organization's logo (/settings/account/organization): stored as a hidden image of the
// company's image library (type checked by its bytes, at most 1 MB), served from our own origin
// at /media/images/…, so hosted pages (unsubscribe, preferences, web view) and templates can
// show it to anyone. Company.logoUrl holds its absolute URL.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { imageUrl, storeImage } from '@/lib/templates/store/image-store'
import { recordAudit } from './record-audit'

export const LOGO_MAX_BYTES = 1024 * 1024
export const LOGO_MISSING = 'Choose a PNG, JPEG, GIF or WebP image for the logo.'
export const LOGO_TOO_LARGE = 'The logo is larger than 1 MB.'

export async function saveCompanyLogo(
  companyId: number,
  userId: number,
  file: File | null,
): Promise<{ logoUrl: string }> {
  if (!file || typeof file === 'string' || file.size === 0) throw badRequest(LOGO_MISSING, { logo: [LOGO_MISSING] })
  if (file.size > LOGO_MAX_BYTES) throw badRequest(LOGO_TOO_LARGE, { logo: [LOGO_TOO_LARGE] })
  const img = await storeImage(companyId, Buffer.from(await file.arrayBuffer()), {
    name: file.name || 'logo',
    hidden: true,
    field: 'logo',
  })
  const logoUrl = imageUrl(img)
  await db.$transaction(async (tx) => {
    await tx.company.update({ where: { id: companyId }, data: { logoUrl } })
    await recordAudit(tx, { companyId, userId, action: 'company.logo_changed', details: { imageId: img.id } })
  })
  return { logoUrl }
}

export async function removeCompanyLogo(companyId: number, userId: number): Promise<{ logoUrl: null }> {
  await db.$transaction(async (tx) => {
    await tx.company.update({ where: { id: companyId }, data: { logoUrl: null } })
    await recordAudit(tx, { companyId, userId, action: 'company.logo_removed' })
  })
  return { logoUrl: null }
}
