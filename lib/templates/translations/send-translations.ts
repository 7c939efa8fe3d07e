// The send pipeline's side of translations. When a Send's content is built from a template,
// the template's ready translations come with it (one query beside the template's own, cached
// with it by the flow engine); a template without any adds nothing to the content. At render,
// the recipient's locale picks one: the exact locale, else the same language ("fr-CA" → "fr-FR").
import { kysely } from '@/lib/db/kysely'
import { select, type Ops } from '@/lib/db/ops'
import type { TranslatedContent } from './types'

export function* readyTranslationsOps(
  companyId: number,
  templateId: string,
): Ops<Record<string, TranslatedContent> | undefined> {
  const rows = yield* select(
    kysely()
      .selectFrom('TemplateTranslation')
      .select(['locale', 'compiled'])
      .where('companyId', '=', companyId)
      .where('templateId', '=', templateId)
      .where('ready', '=', true),
  )
  const out: Record<string, TranslatedContent> = {}
  for (const r of rows) {
    if (!r.compiled) continue
    try {
      out[r.locale] = JSON.parse(r.compiled) as TranslatedContent
    } catch {
      /* a damaged row sends the original */
    }
  }
  return Object.keys(out).length ? out : undefined
}

const language = (locale: string) => locale.toLowerCase().split(/[-_]/)[0]

/** The translation for a recipient's locale, if the content has one. */
export function pickTranslation(
  translations: Record<string, TranslatedContent> | undefined,
  locale: string | null | undefined,
): TranslatedContent | undefined {
  if (!translations || !locale) return undefined
  const wanted = locale.toLowerCase().replace('_', '-')
  const keys = Object.keys(translations)
  const exact = keys.find((k) => k.toLowerCase() === wanted)
  const key = exact ?? keys.sort().find((k) => language(k) === language(wanted))
  return key ? translations[key] : undefined
}
