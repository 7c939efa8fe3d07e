// Photos on a review (the hosted form): checked with the template images' upload checks
// (checkImageBytes: type from the bytes, 5 MB, and here a bounded width and height), all of them
// before anything is written, so bad input leaves no file behind. The bytes live under DATA_DIR in
// review-images/<company>/<id>.<ext>, a ReviewImage row each, and the review's `images` column
// holds their absolute URLs on our origin (/media/review-images/<id>.<ext>), which /api/reviews
// and the widget read as they are.
import fs from 'node:fs/promises'
import path from 'node:path'
import { appLink } from '@/lib/config/app-url'
import { dataDir } from '@/lib/config/data-dir.mjs'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { checkImageBytes, type ImageProblem } from '@/lib/templates/store/image-store'
import { IMAGE_EXTENSIONS, type ImageFormat, type SniffedImage } from '@/lib/templates/store/image-sniff'

export const REVIEW_PHOTOS_MAX = 5
/** A phone camera's photo is about 4000 px wide; twice that is no photo a review needs. */
export const REVIEW_PHOTO_MAX_SIDE = 8000

export type PhotoProblem = ImageProblem | 'too_many'
export interface CheckedPhoto {
  bytes: Buffer
  image: SniffedImage
}

/** Every file checked before any is kept: the first problem, or the photos ready to store. */
export function checkReviewPhotos(
  files: Buffer[],
): { ok: true; photos: CheckedPhoto[] } | { ok: false; problem: PhotoProblem } {
  if (files.length > REVIEW_PHOTOS_MAX) return { ok: false, problem: 'too_many' }
  const photos: CheckedPhoto[] = []
  for (const bytes of files) {
    const r = checkImageBytes(bytes, { maxSide: REVIEW_PHOTO_MAX_SIDE })
    if (!r.ok) return { ok: false, problem: r.problem }
    photos.push({ bytes, image: r.image })
  }
  return { ok: true, photos }
}

const ROOT = 'review-images'
const fileName = (id: string, format: ImageFormat) => `${id}.${IMAGE_EXTENSIONS[format]}`
export const reviewImageUrl = (id: string, format: ImageFormat) =>
  appLink(`/media/review-images/${fileName(id, format)}`)

/**
 * Writes the files and rows of a review's photos and lists their URLs on the review. Any failure
 * removes what this call wrote, so a review never points at a missing file and no file is left
 * without its row.
 */
export async function storeReviewPhotos(
  companyId: number,
  reviewId: string,
  photos: CheckedPhoto[],
  now = new Date(),
): Promise<string[]> {
  if (!photos.length) return []
  const written: string[] = []
  const rows = photos.map((p, position) => {
    const id = shortId(16)
    return {
      id,
      companyId,
      reviewId,
      position,
      mime: p.image.mime,
      size: p.bytes.length,
      width: p.image.width,
      height: p.image.height,
      path: path.posix.join(ROOT, String(companyId), fileName(id, p.image.format)),
      createdAt: now,
      url: reviewImageUrl(id, p.image.format),
    }
  })
  try {
    await fs.mkdir(path.join(dataDir(), ROOT, String(companyId)), { recursive: true })
    for (const [i, r] of rows.entries()) {
      const abs = path.join(dataDir(), r.path)
      written.push(abs)
      await fs.writeFile(abs, photos[i]!.bytes, { flag: 'wx' })
    }
    const urls = rows.map((r) => r.url)
    await db.$transaction([
      db.reviewImage.createMany({ data: rows.map(({ url, ...r }) => (void url, r)) }),
      db.review.updateMany({ where: { companyId, id: reviewId }, data: { images: JSON.stringify(urls) } }),
    ])
    return urls
  } catch (e) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })))
    throw e
  }
}

/**
 * The bytes of a photo for /media/review-images/<file>. A photo of a review the shop shows is
 * public (the widget loads it); any other only for a signed-in user of its company (moderation).
 */
export async function readReviewImage(file: string, viewerCompanyId: number | null) {
  const m = /^([A-Za-z0-9_-]{8,32})\.(png|jpg|gif|webp)$/.exec(file)
  if (!m) return null
  const img = await db.reviewImage.findUnique({ where: { id: m[1]! } })
  if (!img || path.posix.basename(img.path) !== file) return null
  if (viewerCompanyId !== img.companyId) {
    const review = await db.review.findFirst({
      where: { companyId: img.companyId, id: img.reviewId },
      select: { status: true },
    })
    if (!review || !['published', 'featured'].includes(review.status)) return null
  }
  const base = path.join(dataDir(), ROOT)
  const abs = path.resolve(dataDir(), img.path)
  if (!abs.startsWith(base + path.sep)) return null
  const bytes = await fs.readFile(abs).catch(() => null)
  return bytes ? { bytes, mime: img.mime } : null
}
