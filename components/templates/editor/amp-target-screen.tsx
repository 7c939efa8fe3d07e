'use client'
// /campaign/{id}/content/edit/amp and /content/variation/{id}/content/edit/amp: the AMP editor of
// the template the campaign (or the A/B variation) sends, found as the content editor finds it;
// it saves to that template and leads back to the message's content step.
import { useTranslations } from 'next-intl'
import { AmpEditorScreen } from './amp-editor-screen'
import { EditorTargetLoader } from './editor-target-loader'

export type AmpTargetKind = 'campaign' | 'variation'

export const contentStepHref = (kind: AmpTargetKind, id: string) =>
  kind === 'campaign'
    ? `/campaign/${encodeURIComponent(id)}/content/edit`
    : `/content/variation/${encodeURIComponent(id)}/content/edit`

export function AmpTargetScreen({ kind, id }: { kind: AmpTargetKind; id: string }) {
  const t = useTranslations('remainingEditors')
  return (
    <EditorTargetLoader
      kind={kind}
      id={id}
      texts={{
        noTemplate: t('ampNoTemplate'),
        noTemplateBody: t('ampNoTemplateBody'),
        back: { href: '/campaigns', label: t('backToCampaigns') },
        retry: t('retry'),
        loadError: t('loadError'),
      }}
    >
      {(target) => (
        <div data-testid={`amp-target-${kind}`}>
          <AmpEditorScreen
            templateId={target.templateId}
            back={{ href: contentStepHref(kind, id), label: t('backToContent') }}
          />
        </div>
      )}
    </EditorTargetLoader>
  )
}
