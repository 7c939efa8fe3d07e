'use client'
// /email-template-editor/{campaign|variation|flow-message|segment-and-send|profile-campaign}/…:
// the one template editor opened on the template the message owns (found by
// GET /ajax/email-template-editor/target); a message without one says so.
import { useTranslations } from 'next-intl'
import type { EditorTargetKind } from '@/lib/editor-targets/resolve-editor-template'
import { TemplateEditorScreen, type EditorView } from './template-editor-screen'
import { EditorTargetLoader } from './editor-target-loader'

export function EditorTargetScreen({
  kind,
  id,
  view = 'edit',
}: {
  kind: EditorTargetKind
  id: string
  view?: EditorView
}) {
  const t = useTranslations('editorTargets')
  return (
    <EditorTargetLoader
      kind={kind}
      id={id}
      texts={{
        noTemplate: t('noTemplate'),
        noTemplateBody: t('noTemplateBody'),
        back: { href: kind === 'flow-message' ? '/flows' : '/campaigns', label: t('back') },
        retry: t('retry'),
        loadError: t('loadError'),
      }}
    >
      {(target) => (
        <div data-testid={`editor-target-${kind}`}>
          <TemplateEditorScreen templateId={target.templateId} initialView={view} />
        </div>
      )}
    </EditorTargetLoader>
  )
}
