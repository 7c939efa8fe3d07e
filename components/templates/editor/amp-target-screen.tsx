'use client'
// /campaign/{id}/content/edit/amp and /content/variation/{id}/content/edit/amp: the AMP editor of
// the template the campaign (or the A/B variation) sends, found as the content editor finds it;
// it saves to that template and leads back to the message's content step.
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import type { EditorTarget } from '@/lib/editor-targets/resolve-editor-template'
import { AmpEditorScreen } from './amp-editor-screen'
import frame from '@/components/ui/editor-bar.module.css'

export type AmpTargetKind = 'campaign' | 'variation'

export const contentStepHref = (kind: AmpTargetKind, id: string) =>
  kind === 'campaign'
    ? `/campaign/${encodeURIComponent(id)}/content/edit`
    : `/content/variation/${encodeURIComponent(id)}/content/edit`

export function AmpTargetScreen({ kind, id }: { kind: AmpTargetKind; id: string }) {
  const t = useTranslations('remainingEditors')
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
            heading={t('ampNoTemplate')}
            body={t('ampNoTemplateBody')}
            actions={<Link href="/campaigns">{t('backToCampaigns')}</Link>}
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
    <div data-testid={`amp-target-${kind}`}>
      <AmpEditorScreen
        templateId={data.templateId}
        back={{ href: contentStepHref(kind, id), label: t('backToContent') }}
      />
    </div>
  )
}
