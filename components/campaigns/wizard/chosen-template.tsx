'use client'
// The template an email message will send, on the wizard's content step: its name and the body
// rendered for a sample profile (issue 30 §6: the step showed neither, only "Replace the
// template…", so nobody could see what would go out without opening the editor).
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { templatesApi } from '@/components/templates/api'
import { PreviewFrame } from '@/components/templates/editor/preview-frame'
import styles from '../campaigns.module.css'

export function ChosenTemplate({ templateId }: { templateId: string }) {
  const t = useTranslations('campaigns')
  const detail = useSWR(['campaign-chosen-template', templateId], () => templatesApi.get(templateId))
  const preview = useSWR(['campaign-chosen-template-preview', templateId], () => templatesApi.preview(templateId, {}))
  return (
    <div className={styles.stack} data-testid="chosen-template">
      {detail.data && (
        <p className={styles.muted} data-testid="chosen-template-name">
          {t('templateCurrent', { name: detail.data.name })}
        </p>
      )}
      {/* A reader without template access gets no preview; the name and the edit link still say enough. */}
      {!preview.error && (
        <PreviewFrame
          html={preview.data?.html ?? null}
          device="desktop"
          loading={preview.isLoading}
          title={t('templatePreview')}
        />
      )}
    </div>
  )
}
