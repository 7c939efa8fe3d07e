import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { isLocale } from '@/lib/i18n/locales'
import { recompileAfterTranslationChange } from '@/lib/templates/store/saved-content-translations'
import { resolveTranslationTarget, translationTargetQuery } from '@/lib/templates/translations/translation-target'
import {
  deleteTranslation,
  getTranslation,
  saveTranslation,
  saveTranslationBody,
} from '@/lib/templates/translations/translation-store'

const localeOf = (params: Record<string, string>) => {
  const l = params.locale ?? ''
  if (!isLocale(l)) throw notFound(`There is no ${l} translation.`)
  return l
}

// GET /ajax/email-template-editor/translations/{locale}?kind=&id= – one language's translated strings
export const GET = ajax({
  resources: ['templates_read'],
  query: translationTargetQuery,
  handler: async ({ ctx, query, params }) => {
    const target = await resolveTranslationTarget(ctx.principal.companyId, query.kind, query.id)
    return { translation: await getTranslation(ctx.principal.companyId, target, localeOf(params)) }
  },
})

// PUT /ajax/email-template-editor/translations/{locale}?kind=&id= – saves strings ({strings, ready?}); ready compiles it for sends
export const PUT = ajax({
  resources: ['templates_write'],
  query: translationTargetQuery,
  body: saveTranslationBody,
  handler: async ({ ctx, query, params, body }) => {
    const target = await resolveTranslationTarget(ctx.principal.companyId, query.kind, query.id)
    const translation = await saveTranslation(ctx.principal.companyId, target, localeOf(params), body)
    await recompileAfterTranslationChange(ctx.principal.companyId, target.owner)
    return { translation }
  },
})

// DELETE /ajax/email-template-editor/translations/{locale}?kind=&id= – removes a language
export const DELETE = ajax({
  resources: ['templates_write'],
  query: translationTargetQuery,
  handler: async ({ ctx, query, params }) => {
    const target = await resolveTranslationTarget(ctx.principal.companyId, query.kind, query.id)
    await deleteTranslation(ctx.principal.companyId, target, localeOf(params))
    await recompileAfterTranslationChange(ctx.principal.companyId, target.owner)
    return { deleted: true }
  },
})
