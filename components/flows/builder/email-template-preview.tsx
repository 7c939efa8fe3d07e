'use client'
// The template a flow email sends, under its picker in the builder's side panel: a link to edit
// it and its body rendered for a sample profile (issue 30 §6: the step showed only the picker, so
// nobody could see what would go out without leaving the builder).
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { templatesApi } from '@/components/templates/api'
import { PreviewFrame } from '@/components/templates/editor/preview-frame'
import styles from './builder.module.css'

export function EmailTemplatePreview({ templateId }: { templateId: string }) {
  const t = useTranslations('flowBuilder')
  const preview = useSWR(['flow-email-template-preview', templateId], () => templatesApi.preview(templateId, {}))
  return (
    <div className={styles.templatePreview} data-testid="email-template-preview">
      <Link
        href={`/email-template-editor/template/${encodeURIComponent(templateId)}`}
        data-testid="edit-email-template"
      >
        {t('message.editTemplate')}
      </Link>
      {/* A reader without template access gets no preview; the link still leads to the template. */}
      {!preview.error && (
        <div className={styles.templatePreviewFrame}>
          <PreviewFrame
            html={preview.data?.html ?? null}
            device="desktop"
            loading={preview.isLoading}
            title={t('message.templatePreview')}
          />
        </div>
      )}
    </div>
  )
}
