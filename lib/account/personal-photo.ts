// The profile photo: a small PNG, JPEG, GIF or WebP (at most 1 MB, type checked by its first
// bytes, not by what the browser claims), stored under PHOTO_DIR ($DATA_DIR/photos) and served from our own
// origin at /ajax/account/photo/{userId}/{version}.
import fs from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { dataDir } from '@/lib/config/data-dir.mjs'

export const PHOTO_MAX_BYTES = 1024 * 1024
export const PHOTO_BAD_TYPE = 'Upload a PNG, JPEG, GIF or WebP image.'
export const PHOTO_TOO_LARGE = 'The image is larger than 1 MB.'

const photoDir = () =>
  process.env.PHOTO_DIR
    ? path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.PHOTO_DIR)
    : path.join(dataDir(), 'photos')
const photoFile = (userId: number) => path.join(photoDir(), `${userId}.img`)
/** Where photos went before they honoured DATA_DIR: still read (and removed) there, never written. */
const legacyPhotoFile = (userId: number) =>
  path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'data', 'photos', `${userId}.img`)

export function sniffImageType(b: Uint8Array): string | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((x, k) => b[i + k] === x)
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

export async function savePhoto(userId: number, file: File | null): Promise<{ photoUrl: string }> {
  if (!file || typeof file === 'string') throw new AppError('invalid', 400, PHOTO_BAD_TYPE, { photo: [PHOTO_BAD_TYPE] })
  if (file.size > PHOTO_MAX_BYTES) throw new AppError('invalid', 400, PHOTO_TOO_LARGE, { photo: [PHOTO_TOO_LARGE] })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = sniffImageType(bytes)
  if (!type) throw new AppError('invalid', 400, PHOTO_BAD_TYPE, { photo: [PHOTO_BAD_TYPE] })
  await fs.mkdir(photoDir(), { recursive: true })
  const tmp = photoFile(userId) + '.' + randomBytes(4).toString('hex')
  await fs.writeFile(tmp, bytes)
  await fs.rename(tmp, photoFile(userId))
  // The version in the URL changes with every upload, so caches never show the old photo.
  const photoUrl = `/ajax/account/photo/${userId}/${Date.now().toString(36)}`
  await db.user.update({ where: { id: userId }, data: { photoUrl } })
  return { photoUrl }
}

export async function removePhoto(userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { photoUrl: null } })
  await fs.rm(photoFile(userId), { force: true })
  await fs.rm(legacyPhotoFile(userId), { force: true })
}

/** The stored photo and its type, or null. */
export async function readPhoto(userId: number): Promise<{ bytes: Uint8Array; type: string } | null> {
  for (const file of [photoFile(userId), legacyPhotoFile(userId)]) {
    try {
      const bytes = new Uint8Array(await fs.readFile(file))
      const type = sniffImageType(bytes)
      return type ? { bytes, type } : null
    } catch {}
  }
  return null
}

/** Only the user and the members of the account the viewer is in see a photo. */
export async function canSeePhoto(viewerId: number, companyId: number, userId: number): Promise<boolean> {
  if (viewerId === userId) return true
  return (await db.membership.count({ where: { userId, companyId } })) > 0
}
