// A saved block's translation reaches the templates that use it: their ready translations take
// its strings (compile-translation.ts), so they are compiled again when it changes.
import { recompileTemplateTranslations } from '@/lib/templates/translations/compile-translation'
import type { TranslationOwner } from '@/lib/templates/translations/translation-target'
import { templatesUsing } from './universal-content-usage'

export async function recompileAfterTranslationChange(companyId: number, owner: TranslationOwner): Promise<void> {
  if (!('universalContentId' in owner)) return
  for (const t of await templatesUsing(companyId, owner.universalContentId))
    await recompileTemplateTranslations(companyId, t.id)
}
