// Images for templates: the bytes under the data directory (DATA_DIR, ./data by default) in
// images/<company>/<id>.<ext>, a row per image, served from our own origin at
// /media/images/<id>/<file name> (app/media/images). Only real PNG, JPEG, GIF and WebP files up
// to 5 MB are kept: the type comes from the bytes, never from the name.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Image } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { appLink } from '@/lib/config/app-url'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { containsText } from '@/lib/db/dialect'
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, sniffImage, type ImageFormat, type SniffedImage } from './image-sniff'
import { dataDir } from '@/lib/config/data-dir.mjs'

export { dataDir }

const FORMAT_OF: Record<string, ImageFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}
export const formatOf = (img: Pick<Image, 'mime'>): ImageFormat => FORMAT_OF[img.mime] ?? 'png'

/** The file name in the URL: the image's name made safe, with the extension of its real type. */
export function fileNameOf(img: Pick<Image, 'name' | 'mime'>): string {
  const ext = IMAGE_EXTENSIONS[formatOf(img)]
  const base = img.name
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
  return `${base || 'image'}.${ext}`
}

export const imageUrl = (img: Pick<Image, 'id' | 'name' | 'mime'>): string =>
  appLink(`/media/images/${img.id}/${encodeURIComponent(fileNameOf(img))}`)

export interface ImageInfo {
  id: string
  name: string
  url: string
  mime: string
  size: number
  width: number | null
  height: number | null
  hidden: boolean
  created: string
  updated: string
}

export function imageInfo(img: Image): ImageInfo {
  return {
    id: img.id,
    name: img.name,
    url: imageUrl(img),
    mime: img.mime,
    size: img.size,
    width: img.width,
    height: img.height,
    hidden: img.hidden,
    created: img.createdAt.toISOString(),
    updated: img.updatedAt.toISOString(),
  }
}

export function checkImageName(name: string): string {
  const n = name.trim()
  if (!n) throw badRequest('An image name is required.', { name: ['An image name is required.'] })
  if (n.length > 255)
    throw badRequest('The image name is longer than 255 characters.', {
      name: ['The image name is longer than 255 characters.'],
    })
  return n
}

export type ImageProblem = 'empty' | 'too_large' | 'not_image' | 'too_many_pixels'

/**
 * The upload checks every stored image passes (templates, review photos): the type from the
 * bytes, at most 5 MB, and when maxSide is given a known width and height up to it. A problem is
 * a code, so each caller says it in its own words (the editor in English, a shopper's form in
 * their language).
 */
export function checkImageBytes(
  bytes: Buffer,
  opts: { maxSide?: number } = {},
): { ok: true; image: SniffedImage } | { ok: false; problem: ImageProblem } {
  if (bytes.length === 0) return { ok: false, problem: 'empty' }
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, problem: 'too_large' }
  const image = sniffImage(bytes)
  if (!image) return { ok: false, problem: 'not_image' }
  if (opts.maxSide && !(image.width && image.height && Math.max(image.width, image.height) <= opts.maxSide))
    return { ok: false, problem: 'too_many_pixels' }
  return { ok: true, image }
}

const PROBLEM_TEXT: Record<ImageProblem, string> = {
  empty: 'The file is empty.',
  too_large: 'The image is larger than 5 MB.',
  not_image: 'The file is not a PNG, JPEG, GIF or WebP image.',
  too_many_pixels: 'The image is too large in width or height.',
}

/** Checks the bytes and keeps them; 400 (field `file`) when they are not an allowed image. */
export async function storeImage(
  companyId: number,
  bytes: Buffer,
  opts: { name?: string | null; hidden?: boolean; sourceUrl?: string | null; field?: string },
): Promise<Image> {
  const field = opts.field ?? 'file'
  const checked = checkImageBytes(bytes)
  if (!checked.ok) throw badRequest(PROBLEM_TEXT[checked.problem], { [field]: [PROBLEM_TEXT[checked.problem]] })
  const sniffed = checked.image
  const name = checkImageName(opts.name?.trim() || `image.${IMAGE_EXTENSIONS[sniffed.format]}`)
  const id = shortId(10)
  const rel = path.posix.join('images', String(companyId), `${id}.${IMAGE_EXTENSIONS[sniffed.format]}`)
  const abs = path.join(dataDir(), rel)
  await fs.mkdir(path.dirname(abs), { recursive: true })
  await fs.writeFile(abs, bytes)
  try {
    return await db.image.create({
      data: {
        id,
        companyId,
        name,
        mime: sniffed.mime,
        size: bytes.length,
        width: sniffed.width,
        height: sniffed.height,
        path: rel,
        hidden: !!opts.hidden,
        sourceUrl: opts.sourceUrl ?? null,
      },
    })
  } catch (e) {
    await fs.rm(abs, { force: true })
    throw e
  }
}

export async function getImageOrThrow(companyId: number, id: string): Promise<Image> {
  const img = await db.image.findFirst({ where: { id, companyId } })
  if (!img) throw notFound(`An image with id ${id} was not found.`)
  return img
}

export async function updateImage(
  companyId: number,
  id: string,
  input: { name?: string; hidden?: boolean },
): Promise<Image> {
  const data: { name?: string; hidden?: boolean } = {}
  if (input.name !== undefined) data.name = checkImageName(input.name)
  if (input.hidden !== undefined) data.hidden = input.hidden
  const { count } = await db.image.updateMany({ where: { id, companyId }, data })
  if (!count) throw notFound(`An image with id ${id} was not found.`)
  return getImageOrThrow(companyId, id)
}

/** The bytes of an image for the public media route (any company: email images are public). */
export async function readImageFile(img: Image): Promise<Buffer | null> {
  const base = path.join(dataDir(), 'images')
  const abs = path.resolve(dataDir(), img.path)
  if (!abs.startsWith(base + path.sep)) return null
  return fs.readFile(abs).catch(() => null)
}

export async function listImagesForEditor(companyId: number, q: { search?: string; page: number; pageSize: number }) {
  const where = { companyId, hidden: false, ...(q.search ? { name: containsText(q.search) } : {}) }
  const [rows, total] = await Promise.all([
    db.image.findMany({
      where,
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
    }),
    db.image.count({ where }),
  ])
  return { images: rows.map(imageInfo), total }
}
