import { ajax, z } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { isLocale } from '@/lib/i18n/locales'
import { recompileAfterTranslationChange } from '@/lib/templates/store/saved-content-translations'
import { resolveTranslationTarget, translationTargetQuery } from '@/lib/templates/translations/translation-target'
import { getTranslation, saveTranslation } from '@/lib/templates/translations/translation-store'
import {
  exportTranslation,
  FILE_FORMATS,
  importTranslation,
  MAX_FILE_BYTES,
} from '@/lib/templates/translations/translation-files'

const localeOf = (params: Record<string, string>) => {
  const l = params.locale ?? ''
  if (!isLocale(l)) throw notFound(`There is no ${l} translation.`)
  return l
}

// GET /ajax/email-template-editor/translations/{locale}/file?kind=&id=&format=csv|json – the language as a file for a translator
export const GET = ajax({
  resources: ['templates_read'],
  query: translationTargetQuery.extend({ format: z.enum(FILE_FORMATS).default('csv') }),
  handler: async ({ ctx, query, params }) => {
    const locale = localeOf(params)
    const target = await resolveTranslationTarget(ctx.principal.companyId, query.kind, query.id)
    const t = await getTranslation(ctx.principal.companyId, target, locale)
    const body = exportTranslation(target, locale, t.strings, query.format)
    const type = query.format === 'json' ? 'application/json' : 'text/csv'
    return new Response(body, {
      headers: {
        'content-type': `${type}; charset=utf-8`,
        'content-disposition': `attachment; filename="translation-${locale}.${query.format}"`,
      },
    })
  },
})

// POST /ajax/email-template-editor/translations/{locale}/file?kind=&id= – imports a file ({format, content}); a bad row refuses the whole file
export const POST = ajax({
  resources: ['templates_write'],
  query: translationTargetQuery,
  body: z.object({ format: z.enum(FILE_FORMATS), content: z.string().max(MAX_FILE_BYTES) }),
  handler: async ({ ctx, query, params, body }) => {
    const locale = localeOf(params)
    const target = await resolveTranslationTarget(ctx.principal.companyId, query.kind, query.id)
    const strings = importTranslation(target, body.content, body.format)
    const translation = await saveTranslation(ctx.principal.companyId, target, locale, { strings })
    await recompileAfterTranslationChange(ctx.principal.companyId, target.owner)
    return { translation }
  },
})
