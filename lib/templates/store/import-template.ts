// The template import of /email-templates/create (seed 002 §3.8: html_file, related_zip,
// html_method, html_input, name, is_transactional). The HTML comes from an uploaded file, a zip
// (one .html file plus the images it uses, which become Image rows with their src rewritten to
// our own URLs) or pasted text; the result is a CODE template, validated and compiled like any save.
import path from 'node:path'
import type { Image, Template } from '@/generated/prisma/client'
import { badRequest } from '@/lib/errors/app-error'
import { MAX_TEMPLATE_BYTES } from '@/lib/templates/template-types'
import { compileParts, createTemplate } from './save-template'
import { imageUrl, storeImage } from './image-store'
import { sniffImage } from './image-sniff'
import { readZip } from './read-zip'

export const HTML_METHODS = ['upload', 'zip', 'paste'] as const
export type HtmlMethod = (typeof HTML_METHODS)[number]

export interface ImportTemplateInput {
  name: string
  isTransactional?: boolean
  htmlMethod: HtmlMethod
  htmlInput?: string | null
  htmlFile?: { bytes: Buffer; name: string } | null
  relatedZip?: { bytes: Buffer; name: string } | null
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function decodeHtml(bytes: Buffer, field: string): string {
  if (bytes.length > MAX_TEMPLATE_BYTES)
    throw badRequest('The HTML is larger than 1 MB.', { [field]: ['The HTML is larger than 1 MB.'] })
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  if (!text.trim()) throw badRequest('The HTML file is empty.', { [field]: ['The HTML file is empty.'] })
  return text
}

export async function importTemplate(
  companyId: number,
  input: ImportTemplateInput,
): Promise<{ template: Template; images: Image[] }> {
  let html: string
  const images: Image[] = []
  if (input.htmlMethod === 'paste') {
    if (!input.htmlInput?.trim())
      throw badRequest('Paste the HTML to import.', { html_input: ['Paste the HTML to import.'] })
    html = input.htmlInput
  } else if (input.htmlMethod === 'upload') {
    if (!input.htmlFile)
      throw badRequest('Choose an HTML file to import.', { html_file: ['Choose an HTML file to import.'] })
    html = decodeHtml(input.htmlFile.bytes, 'html_file')
  } else {
    if (!input.relatedZip)
      throw badRequest('Choose a zip file to import.', { related_zip: ['Choose a zip file to import.'] })
    const entries = readZip(input.relatedZip.bytes).filter(
      (e) => !e.name.startsWith('__MACOSX/') && !path.posix.basename(e.name).startsWith('.'),
    )
    const htmlEntries = entries.filter((e) => /\.html?$/i.test(e.name))
    if (htmlEntries.length !== 1) {
      const message = htmlEntries.length
        ? 'The zip holds more than one HTML file; keep only the template.'
        : 'The zip holds no .html file.'
      throw badRequest(message, { related_zip: [message] })
    }
    const main = htmlEntries[0]!
    html = decodeHtml(main.data, 'related_zip')
    // A template that cannot be saved is refused before any image is kept.
    await compileParts('CODE', { html })
    const dir = path.posix.dirname(main.name)
    // Store the images first (each checked by its bytes); nothing else in the zip is kept.
    const urls = new Map<string, string>()
    for (const e of entries) {
      if (e === main || !sniffImage(e.data)) continue
      const img = await storeImage(companyId, e.data, {
        name: path.posix.basename(e.name),
        hidden: false,
        field: 'related_zip',
      })
      images.push(img)
      const rel = dir === '.' ? e.name : path.posix.relative(dir, e.name)
      urls.set(rel, imageUrl(img))
    }
    for (const [rel, url] of urls) {
      const variants = [rel, `./${rel}`, encodeURI(rel)]
      for (const v of new Set(variants)) {
        html = html.replace(
          new RegExp(`((?:src|background)\\s*=\\s*["']|url\\(\\s*["']?)${escapeRe(v)}(?=["')\\s])`, 'gi'),
          `$1${url}`,
        )
      }
    }
  }
  const template = await createTemplate(companyId, {
    name: input.name,
    editorType: 'CODE',
    html,
    isTransactional: input.isTransactional,
  })
  return { template, images }
}
