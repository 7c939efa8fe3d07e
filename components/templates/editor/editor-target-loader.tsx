'use client'
// Both editors opened on the template a message owns (the content editor and the AMP editor) find
// it through GET /ajax/email-template-editor/target; this is that look-up with its states: a
// spinner, an empty state when the message has no template (404), a load error with a retry.
import type { ReactNode } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { http, isHttpError } from '@/lib/client/http'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import type { EditorTarget, EditorTargetKind } from '@/lib/editor-targets/resolve-editor-template'
import frame from '@/components/ui/editor-bar.module.css'

export interface EditorTargetTexts {
  noTemplate: string
  noTemplateBody: string
  back: { href: string; label: string }
  retry: string
  loadError: string
}

export function EditorTargetLoader({
  kind,
  id,
  texts,
  children,
}: {
  kind: EditorTargetKind
  id: string
  texts: EditorTargetTexts
  children: (target: EditorTarget) => ReactNode
}) {
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
            heading={texts.noTemplate}
            body={texts.noTemplateBody}
            actions={<Link href={texts.back.href}>{texts.back.label}</Link>}
          />
        ) : (
          <Notification variant="error" action={{ label: texts.retry, onClick: () => void mutate() }}>
            {texts.loadError}
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
  return <>{children(data)}</>
}
