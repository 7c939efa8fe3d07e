// The translations of one template or saved content block: one row per locale with the
// translated strings (by string id), a ready flag, and for a ready template translation its
// compiled email. Every query is scoped to the company and to the owner.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { badRequest, notFound, type FieldErrors } from '@/lib/errors/app-error'
import { isLocale } from '@/lib/i18n/locales'
import { validateTemplate } from '@/lib/templates/validate-template'
import { applyBlockStrings, type Strings } from './translatable-strings'
import { compileTranslation, savedContentStrings } from './compile-translation'
import type { TranslationOwner, TranslationTarget } from './translation-target'

export const MAX_STRING = 200_000
export const saveTranslationBody = z.object({
  strings: z.record(z.string().max(64), z.string().max(MAX_STRING)),
  ready: z.boolean().optional(),
})
export type SaveTranslationBody = z.infer<typeof saveTranslationBody>

export interface TranslationSummary {
  locale: string
  ready: boolean
  translated: number
  updated: string
}
export interface TranslationDetail extends TranslationSummary {
  strings: Strings
}

const parseStrings = (s: string): Strings => {
  try {
    const v = JSON.parse(s)
    return v && typeof v === 'object' ? (v as Strings) : {}
  } catch {
    return {}
  }
}
const ownerWhere = (companyId: number, owner: TranslationOwner) => ({ companyId, ...owner })

function detail(
  row: { locale: string; ready: boolean; strings: string; updatedAt: Date },
  target: TranslationTarget,
): TranslationDetail {
  const strings = parseStrings(row.strings)
  const known = new Set(target.strings.map((s) => s.id))
  // strings of originals that changed since are kept in the row but are not this template's any more
  const current = Object.fromEntries(Object.entries(strings).filter(([id, v]) => known.has(id) && v.trim()))
  return {
    locale: row.locale,
    ready: row.ready,
    translated: Object.keys(current).length,
    updated: row.updatedAt.toISOString(),
    strings: current,
  }
}

export async function listTranslations(companyId: number, target: TranslationTarget): Promise<TranslationSummary[]> {
  const rows = await db.templateTranslation.findMany({
    where: ownerWhere(companyId, target.owner),
    orderBy: { locale: 'asc' },
  })
  return rows.map((r) => {
    const { strings: _s, ...summary } = detail(r, target)
    void _s
    return summary
  })
}

async function rowOrThrow(companyId: number, target: TranslationTarget, locale: string) {
  const row = await db.templateTranslation.findFirst({ where: { ...ownerWhere(companyId, target.owner), locale } })
  if (!row) throw notFound(`There is no ${locale} translation.`)
  return row
}

export async function getTranslation(companyId: number, target: TranslationTarget, locale: string) {
  return detail(await rowOrThrow(companyId, target, locale), target)
}

export async function addTranslation(companyId: number, target: TranslationTarget, locale: string) {
  if (!isLocale(locale)) throw badRequest('Choose one of the listed languages.', { locale: ['Unknown locale.'] })
  const exists = await db.templateTranslation.findFirst({ where: { ...ownerWhere(companyId, target.owner), locale } })
  if (exists) throw badRequest(`The ${locale} translation exists already.`, { locale: ['Already added.'] })
  const row = await db.templateTranslation.create({
    data: { id: shortId(12), ...ownerWhere(companyId, target.owner), locale },
  })
  return detail(row, target)
}

/** Field errors for strings whose id the target does not have or whose template language does not parse. */
export function checkStrings(target: TranslationTarget, strings: Strings): FieldErrors {
  const known = new Set(target.strings.map((s) => s.id))
  const errors: FieldErrors = {}
  for (const [id, value] of Object.entries(strings)) {
    if (!known.has(id)) errors[`strings.${id}`] = [`Unknown string id ${id}.`]
    else if (value.trim()) {
      const v = validateTemplate(value)
      if (!v.valid) errors[`strings.${id}`] = v.errors.map((e) => e.message)
    }
  }
  return errors
}

/** Writes the strings given (an empty one removes its translation) and the ready flag; nothing is written when any is refused. */
export async function saveTranslation(
  companyId: number,
  target: TranslationTarget,
  locale: string,
  body: SaveTranslationBody,
): Promise<TranslationDetail> {
  const row = await rowOrThrow(companyId, target, locale)
  const errors = checkStrings(target, body.strings)
  if (Object.keys(errors).length) throw badRequest('Some translations cannot be saved.', errors)
  const merged: Strings = { ...parseStrings(row.strings) }
  for (const [id, v] of Object.entries(body.strings)) {
    if (v.trim()) merged[id] = v
    else delete merged[id]
  }
  const ready = body.ready ?? row.ready
  let compiled: string | null = null
  if (ready && target.template)
    compiled = JSON.stringify(
      await compileTranslation(target.template, merged, await savedContentStrings(companyId, locale)),
    )
  if (ready && target.block) applyBlockStrings(target.block, merged)
  await db.templateTranslation.updateMany({
    where: { id: row.id, companyId },
    data: { strings: JSON.stringify(merged), ready, compiled },
  })
  return getTranslation(companyId, target, locale)
}

export async function deleteTranslation(companyId: number, target: TranslationTarget, locale: string) {
  const { count } = await db.templateTranslation.deleteMany({
    where: { ...ownerWhere(companyId, target.owner), locale },
  })
  if (!count) throw notFound(`There is no ${locale} translation.`)
}

/** When a template or saved block is deleted, its translations go with it. */
export async function deleteOwnerTranslations(companyId: number, owner: TranslationOwner) {
  await db.templateTranslation.deleteMany({ where: ownerWhere(companyId, owner) })
}
