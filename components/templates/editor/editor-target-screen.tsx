'use client'
// /email-template-editor/{campaign|variation|flow-message|segment-and-send|profile-campaign}/…:
// the one template editor opened on the template the message owns (found by
// GET /ajax/email-template-editor/target); a message without one says so.
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import type { EditorTarget, EditorTargetKind } from '@/lib/editor-targets/resolve-editor-template'
import { TemplateEditorScreen, type EditorView } from './template-editor-screen'
import frame from '@/components/ui/editor-bar.module.css'

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
  const { data, error, mutate } = useSWR(['editor-target', kind, id], () =>
    http
      .get<{ target: EditorTarget }>('/ajax/email-template-editor/target', { params: { kind, id } })
      .then((r) => r.data.target),
  )
  if (error) {
    const missing = isHttpError(error) && error.status === 404
    return (
      <div className={frame.centered} data-testid="editor-target-missing">
        {missing ? (
          <EmptyState
            heading={t('noTemplate')}
            body={t('noTemplateBody')}
            actions={<Link href={kind === 'flow-message' ? '/flows' : '/campaigns'}>{t('back')}</Link>}
          />
        ) : (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
      </div>
    )
  }
  if (!data)
    return (
      <div className={frame.centered}>
        <Spinner size="large" />
      </div>
    )
  return (
    <div data-testid={`editor-target-${kind}`}>
      <TemplateEditorScreen templateId={data.templateId} initialView={view} />
    </div>
  )
}
