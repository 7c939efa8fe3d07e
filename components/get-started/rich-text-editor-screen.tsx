'use client'
// /get-started/segment-and-send/rich-text-editor/{campaignId}: the first campaign's subject,
// preview text and body in a plain rich-text editor (bold, italic, lists, links). The server
// keeps only those tags (segment-and-send.ts sanitizeRichText) whatever the browser sends.
import { useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import type { GuideCampaignResponse } from '@/app/ajax/onboarding/segment-and-send/[campaignId]/route'
import { GuideFrame } from './guide-frame'
import { useGuideAction } from './use-guide-action'
import styles from '@/components/onboarding/onboarding.module.css'

export function RichTextEditorScreen({ campaignId }: { campaignId: string }) {
  const t = useTranslations('getStartedGuides')
  const key = `/ajax/onboarding/segment-and-send/${encodeURIComponent(campaignId)}`
  const { data, error, mutate } = useSWR(
    key,
    (url: string) => http.get<GuideCampaignResponse>(url).then((r) => r.data),
    {
      shouldRetryOnError: false,
      revalidateOnFocus: false,
    },
  )
  return (
    <GuideFrame title={t('editorTitle')} loading={!data} error={!!error} onRetry={() => void mutate()}>
      {data && <Editor campaign={data} saveKey={key} />}
    </GuideFrame>
  )
}

function Editor({ campaign, saveKey }: { campaign: GuideCampaignResponse; saveKey: string }) {
  const t = useTranslations('getStartedGuides')
  const router = useRouter()
  const [subject, setSubject] = useState(campaign.subject)
  const [previewText, setPreviewText] = useState(campaign.previewText)
  const body = useRef<HTMLDivElement>(null)
  const action = useGuideAction()
  const format = (command: string, value?: string) => {
    body.current?.focus()
    document.execCommand(command, false, value)
  }
  async function save() {
    const r = await action.run(() =>
      http.put(saveKey, { subject, previewText, body: body.current?.innerHTML ?? campaign.body }),
    )
    if (r) router.push(`/get-started/segment-and-send/confirm?campaign=${campaign.campaignId}`)
  }
  return (
    <>
      <TextField
        label={t('subject')}
        name="subject"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={action.errors.subject}
      />
      <TextField
        label={t('previewText')}
        name="previewText"
        value={previewText}
        onChange={(e) => setPreviewText(e.target.value)}
        error={action.errors.previewText}
      />
      <div className={styles.footer} role="toolbar" aria-label={t('formatting')}>
        <Button size="small" type="button" onClick={() => format('bold')}>
          {t('bold')}
        </Button>
        <Button size="small" type="button" onClick={() => format('italic')}>
          {t('italic')}
        </Button>
        <Button size="small" type="button" onClick={() => format('insertUnorderedList')}>
          {t('bulletList')}
        </Button>
        <Button
          size="small"
          type="button"
          onClick={() => {
            const url = window.prompt(t('linkPrompt'))
            if (url) format('createLink', url)
          }}
        >
          {t('link')}
        </Button>
      </div>
      <div
        ref={body}
        className={styles.editor}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={t('emailBody')}
        data-testid="rich-text"
        // The server's sanitized subset: safe to show as markup.
        dangerouslySetInnerHTML={{ __html: campaign.body }}
      />
      {action.errors.body && <FormError>{action.errors.body}</FormError>}
      {action.formError && <FormError>{action.formError}</FormError>}
      <Button variant="primary" onClick={() => void save()} disabled={action.busy}>
        {t('save')}
      </Button>
    </>
  )
}
