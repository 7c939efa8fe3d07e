// The asset library's fonts (issue 27 §4): hosted families from our catalogue, custom uploads
// (checked by their bytes and size) and web fonts by stylesheet URL. Every query carries companyId.
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { Font } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { dataDir } from '@/lib/config/data-dir.mjs'
import { FONT_MIME, MAX_FONT_BYTES, sniffFont } from './font-sniff'

export const FONT_SOURCES = ['hosted', 'custom', 'web'] as const
export type FontSource = (typeof FONT_SOURCES)[number]

/** The hosted catalogue: families served by the hosted font service that email clients fall back from. */
export const HOSTED_FAMILIES = [
  'Lato',
  'Merriweather',
  'Montserrat',
  'Open Sans',
  'Playfair Display',
  'Poppins',
  'Roboto',
  'Source Sans 3',
] as const

const familyName = z
  .string()
  .trim()
  .min(1, 'A font family name is required.')
  .max(100)
  .regex(/^[\p{L}\p{N} _-]+$/u, 'Use letters, digits, spaces, dashes or underscores.')

export const addFontSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('hosted'), family: z.enum(HOSTED_FAMILIES) }),
  z.object({
    source: z.literal('web'),
    family: familyName,
    url: z
      .string()
      .trim()
      .max(2000)
      .url('Enter the stylesheet URL.')
      .refine((u) => u.startsWith('https://'), 'The stylesheet URL must use https://.'),
  }),
])
export type AddFont = z.infer<typeof addFontSchema>

export interface FontView {
  id: string
  source: string
  family: string
  url: string | null
  mime: string | null
  size: number | null
  created: string
}

export const fontView = (f: Font): FontView => ({
  id: f.id,
  source: f.source,
  family: f.family,
  url: f.url,
  mime: f.mime,
  size: f.size,
  created: f.createdAt.toISOString(),
})

export async function listFonts(companyId: number, source?: FontSource): Promise<FontView[]> {
  const rows = await db.font.findMany({
    where: { companyId, ...(source ? { source } : {}) },
    orderBy: [{ family: 'asc' }, { id: 'asc' }],
  })
  return rows.map(fontView)
}

async function ensureNew(companyId: number, source: string, family: string) {
  const dup = await db.font.findFirst({ where: { companyId, source, family }, select: { id: true } })
  if (dup)
    throw badRequest('This font is already in the library.', { family: ['This font is already in the library.'] })
}

export async function addFont(companyId: number, input: AddFont): Promise<FontView> {
  await ensureNew(companyId, input.source, input.family)
  const row = await db.font.create({
    data: {
      id: shortId(10),
      companyId,
      source: input.source,
      family: input.family,
      url: input.source === 'web' ? input.url : null,
    },
  })
  return fontView(row)
}

/** A custom font file: 400 (field `file`) unless it is a real WOFF, WOFF2, TTF or OTF of at most 2 MB. */
export async function uploadCustomFont(companyId: number, bytes: Buffer, family: unknown): Promise<FontView> {
  const name = familyName.safeParse(family)
  if (!name.success) throw badRequest(name.error.issues[0].message, { family: [name.error.issues[0].message] })
  if (bytes.length > MAX_FONT_BYTES)
    throw badRequest('The font file is larger than 2 MB.', { file: ['The font file is larger than 2 MB.'] })
  const format = sniffFont(bytes)
  if (!format)
    throw badRequest('The file is not a WOFF, WOFF2, TTF or OTF font.', {
      file: ['The file is not a WOFF, WOFF2, TTF or OTF font.'],
    })
  await ensureNew(companyId, 'custom', name.data)
  const id = shortId(10)
  const rel = path.posix.join('fonts', String(companyId), `${id}.${format}`)
  const abs = path.join(dataDir(), rel)
  await fs.mkdir(path.dirname(abs), { recursive: true })
  await fs.writeFile(abs, bytes)
  try {
    const row = await db.font.create({
      data: {
        id,
        companyId,
        source: 'custom',
        family: name.data,
        path: rel,
        url: `/media/fonts/${id}.${format}`,
        mime: FONT_MIME[format],
        size: bytes.length,
      },
    })
    return fontView(row)
  } catch (e) {
    await fs.rm(abs, { force: true })
    throw e
  }
}

export async function deleteFont(companyId: number, id: string): Promise<void> {
  const row = await db.font.findFirst({ where: { id, companyId } })
  if (!row) throw notFound(`A font with id ${id} was not found.`)
  await db.font.delete({ where: { id: row.id } })
  if (row.path) await fs.rm(path.join(dataDir(), row.path), { force: true })
}

/** A custom font's bytes for /media/fonts/{id}.{ext}; null unless the file is under the fonts folder. */
export async function readCustomFont(id: string): Promise<{ bytes: Buffer; mime: string } | null> {
  const row = await db.font.findFirst({ where: { id, source: 'custom' } })
  if (!row?.path || !row.mime) return null
  const base = path.join(dataDir(), 'fonts')
  const abs = path.resolve(dataDir(), row.path)
  if (!abs.startsWith(base + path.sep)) return null
  const bytes = await fs.readFile(abs).catch(() => null)
  return bytes && { bytes, mime: row.mime }
}
