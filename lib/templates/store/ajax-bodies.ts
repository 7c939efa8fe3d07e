// The bodies of /ajax/email-templates (lib/templates/store/ajax-contract.md), after the ajax
// wrapper has camelized their keys.
import { z } from 'zod'
import { EDITOR_TYPES } from './template-view'
import { HTML_METHODS } from './import-template'
import { TemplateInvalidError, templateInvalidResponse } from './template-errors'

const name = z
  .string()
  .trim()
  .min(1, 'A template name is required.')
  .max(255, 'The template name is longer than 255 characters.')
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1'),
])

export const createTemplateBody = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('blank'),
    name,
    editorType: z.enum(EDITOR_TYPES).default('SYSTEM_DRAGGABLE'),
    isTransactional: flag.optional(),
  }),
  z.object({ mode: z.literal('layout'), layout: z.string().min(1), name, isTransactional: flag.optional() }),
  z.object({
    mode: z.literal('import'),
    name,
    htmlMethod: z.enum(HTML_METHODS),
    htmlInput: z.string().optional(),
    isTransactional: flag.optional(),
  }),
])

export const updateTemplateBody = z.object({
  name: name.optional(),
  html: z.string().optional(),
  text: z.string().nullable().optional(),
  definition: z.unknown().optional(),
  /** CODE templates: the AMP for Email part (null removes it). */
  amp: z.string().max(500_000).nullable().optional(),
  isTransactional: z.boolean().optional(),
})

export const cloneTemplateBody = z.object({ name: name.optional() })
export const renameTemplateBody = z.object({ name })

export const previewBody = z.object({
  profileId: z.string().min(1).max(64).optional(),
  eventId: z.coerce.number().int().positive().optional(),
  html: z.string().optional(),
  text: z.string().nullable().optional(),
  definition: z.unknown().optional(),
  subject: z.string().max(998).optional(),
})

export const sendPreviewBody = z.object({
  email: z.string().trim().min(1, 'Enter an email address.').max(254),
  profileId: z.string().min(1).max(64).optional(),
  eventId: z.coerce.number().int().positive().optional(),
  subject: z.string().max(998).optional(),
  fromEmail: z.string().max(254).optional(),
  fromName: z.string().max(255).optional(),
})

export const plainTextBody = z.object({ html: z.string().optional() })

/** Runs a handler and answers a refused template as 400 `template_invalid` with its issues. */
export async function withTemplateErrors<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof TemplateInvalidError) return templateInvalidResponse(e)
    throw e
  }
}
