// The /translate views' calls (app/ajax/email-template-editor/translations). Keys are sent and
// read as they are: string ids are map keys.
import { http } from '@/lib/client/http'
import type { TranslationsResponse } from '@/app/ajax/email-template-editor/translations/route'
import type { TranslationDetail } from '@/lib/templates/translations/translation-store'
import type { TranslationTargetKind } from '@/lib/templates/translations/translation-target'

export type { TranslationsResponse, TranslationDetail, TranslationTargetKind }
const raw = { transformKeys: false } as const
const base = '/ajax/email-template-editor/translations'
const one = (locale: string) => `${base}/${encodeURIComponent(locale)}`

export function translationsApi(kind: TranslationTargetKind, id: string) {
  const params = { kind, id }
  return {
    list: () => http.get<TranslationsResponse>(base, { ...raw, params }).then((r) => r.data),
    add: (locale: string) =>
      http
        .post<{ translation: TranslationDetail }>(base, { locale }, { ...raw, params })
        .then((r) => r.data.translation),
    get: (locale: string) =>
      http.get<{ translation: TranslationDetail }>(one(locale), { ...raw, params }).then((r) => r.data.translation),
    save: (locale: string, body: { strings: Record<string, string>; ready?: boolean }) =>
      http
        .put<{ translation: TranslationDetail }>(one(locale), body, { ...raw, params })
        .then((r) => r.data.translation),
    remove: (locale: string) => http.delete(one(locale), { ...raw, params }),
    fileUrl: (locale: string, format: 'csv' | 'json') =>
      `${one(locale)}/file?kind=${encodeURIComponent(kind)}&id=${encodeURIComponent(id)}&format=${format}`,
    upload: (locale: string, format: 'csv' | 'json', content: string) =>
      http
        .post<{ translation: TranslationDetail }>(`${one(locale)}/file`, { format, content }, { ...raw, params })
        .then((r) => r.data.translation),
  }
}
