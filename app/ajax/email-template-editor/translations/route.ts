import { ajax, z } from '@/lib/http/ajax'
import { LOCALES } from '@/lib/i18n/locales'
import { resolveTranslationTarget, translationTargetQuery } from '@/lib/templates/translations/translation-target'
import {
  addTranslation,
  listTranslations,
  type TranslationSummary,
} from '@/lib/templates/translations/translation-store'
import type { TranslatableString } from '@/lib/templates/translations/translatable-strings'

// GET /ajax/email-template-editor/translations?kind=&id= – the strings of what the view translates and its languages
export const GET = ajax({
  resources: ['templates_read'],
  query: translationTargetQuery,
  handler: async ({ ctx, query }) => {
    const target = await resolveTranslationTarget(ctx.principal.companyId, query.kind, query.id)
    return {
      name: target.name,
      strings: target.strings,
      translations: await listTranslations(ctx.principal.companyId, target),
      locales: LOCALES,
    }
  },
})
export interface TranslationsResponse {
  name: string
  strings: TranslatableString[]
  translations: TranslationSummary[]
  locales: string[]
}

// POST /ajax/email-template-editor/translations?kind=&id= – adds a language ({locale})
export const POST = ajax({
  resources: ['templates_write'],
  query: translationTargetQuery,
  body: z.object({ locale: z.string().max(16) }),
  handler: async ({ ctx, query, body }) => {
    const target = await resolveTranslationTarget(ctx.principal.companyId, query.kind, query.id)
    return { translation: await addTranslation(ctx.principal.companyId, target, body.locale) }
  },
})
