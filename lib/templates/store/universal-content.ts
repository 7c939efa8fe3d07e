// Saved content blocks (the vendor's universal content): a named block definition
// {content_type: 'block', type, data} reused across templates. Text and HTML blocks carry
// template language in data.content, checked like a template save (line and column).
import { z } from 'zod'
import type { UniversalContent } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { validateTemplate } from '@/lib/templates/validate-template'
import { templateSizeError } from '@/lib/templates/parse-template'
import { TemplateInvalidError } from './template-errors'
import { containsText } from '@/lib/db/dialect'
import { blockFromVendor } from '@/lib/templates/vendor-definition'
import type { LeafBlock } from '@/lib/templates/block-definition'

export const BLOCK_TYPES = ['button', 'drop_shadow', 'horizontal_rule', 'html', 'image', 'spacer', 'text'] as const

const isObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v)
export const universalDefinition = z
  .object({ content_type: z.literal('block'), type: z.enum(BLOCK_TYPES), data: z.record(z.string(), z.unknown()) })
  .superRefine((d, ctx) => {
    if (d.type !== 'html' && d.type !== 'text') return
    if (typeof d.data.content !== 'string')
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'content'],
        message: `data.content is required for ${d.type} blocks.`,
      })
    if (!isObject(d.data.display_options))
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'display_options'],
        message: `data.display_options is required for ${d.type} blocks.`,
      })
    if (d.type === 'text' && !isObject(d.data.styles))
      ctx.addIssue({ code: 'custom', path: ['data', 'styles'], message: 'data.styles is required for text blocks.' })
  })
export type UniversalDefinition = {
  content_type: 'block'
  type: (typeof BLOCK_TYPES)[number]
  data: Record<string, unknown>
}

export interface UniversalContentInfo {
  id: string
  name: string
  type: string
  definition: UniversalDefinition
  html: string | null
  /** The block in our editor's shape, or null when the editor cannot show this kind. */
  block: LeafBlock | null
  created: string
  updated: string
}

export function universalContentInfo(u: UniversalContent): UniversalContentInfo {
  const definition = JSON.parse(u.definition) as UniversalDefinition
  return {
    id: u.id,
    name: u.name,
    type: u.blockType,
    definition,
    html: u.html,
    block: blockFromVendor(definition),
    created: u.createdAt.toISOString(),
    updated: u.updatedAt.toISOString(),
  }
}

function checkName(name: string): string {
  const n = name.trim()
  if (!n) throw badRequest('A name is required.', { name: ['A name is required.'] })
  if (n.length > 255)
    throw badRequest('The name is longer than 255 characters.', { name: ['The name is longer than 255 characters.'] })
  return n
}

function htmlOf(def: UniversalDefinition): string | null {
  if (def.type !== 'html' && def.type !== 'text') return null
  const content = String(def.data.content ?? '')
  const size = templateSizeError(content)
  if (size)
    throw new TemplateInvalidError([
      { message: size.message.replace(/ \(line.*$/, ''), path: 'definition.data.content' },
    ])
  const v = validateTemplate(content)
  if (!v.valid) throw new TemplateInvalidError(v.errors.map((e) => ({ ...e, path: 'definition.data.content' })))
  return content
}

export async function createUniversalContent(
  companyId: number,
  input: { name: string; definition: UniversalDefinition },
): Promise<UniversalContent> {
  const name = checkName(input.name)
  const html = htmlOf(input.definition)
  return db.universalContent.create({
    data: {
      id: shortId(8),
      companyId,
      name,
      contentType: 'block',
      blockType: input.definition.type,
      definition: JSON.stringify(input.definition),
      html,
    },
  })
}

export async function getUniversalContentOrThrow(companyId: number, id: string): Promise<UniversalContent> {
  const u = await db.universalContent.findFirst({ where: { id, companyId } })
  if (!u) throw notFound(`Universal content with id ${id} was not found.`)
  return u
}

export async function updateUniversalContent(
  companyId: number,
  id: string,
  input: { name?: string; definition?: UniversalDefinition },
): Promise<UniversalContent> {
  await getUniversalContentOrThrow(companyId, id)
  const data: Partial<UniversalContent> = {}
  if (input.name !== undefined) data.name = checkName(input.name)
  if (input.definition !== undefined) {
    data.html = htmlOf(input.definition)
    data.blockType = input.definition.type
    data.definition = JSON.stringify(input.definition)
  }
  await db.universalContent.updateMany({ where: { id, companyId }, data })
  return getUniversalContentOrThrow(companyId, id)
}

export async function deleteUniversalContent(companyId: number, id: string): Promise<void> {
  const { count } = await db.universalContent.deleteMany({ where: { id, companyId } })
  if (!count) throw notFound(`Universal content with id ${id} was not found.`)
}

export async function listUniversalContentForEditor(
  companyId: number,
  search?: string,
): Promise<UniversalContentInfo[]> {
  const rows = await db.universalContent.findMany({
    where: { companyId, ...(search ? { name: containsText(search) } : {}) },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 200,
  })
  return rows.map(universalContentInfo)
}
