'use client'
// The code view of CODE (and USER_DRAGGABLE) templates: the HTML on the left, the server's
// rendering of it on the right, syntax errors with their line and column.
import { useEffect, useState } from 'react'
import { useTranslations } from 'next-intl'
import type { TemplateIssue } from '../api'
import { CodeEditor } from './code-editor'
import { DeviceToggle, PreviewFrame, type Device } from './preview-frame'
import { useDraftPreview } from './use-draft-preview'
import styles from './editor.module.css'

export interface CodeEditorPaneProps {
  templateId: string
  initial: string
  savedVersion: number
  serverIssues: TemplateIssue[]
  readOnly?: boolean
  onChange: (html: string, dirty: boolean) => void
}

export function CodeEditorPane({
  templateId,
  initial,
  savedVersion,
  serverIssues,
  readOnly,
  onChange,
}: CodeEditorPaneProps) {
  const t = useTranslations('templateEditor')
  const [html, setHtml] = useState(initial)
  const [saved, setSaved] = useState(initial)
  const [device, setDevice] = useState<Device>('desktop')
  const preview = useDraftPreview(templateId, { html })

  // A save makes the current text the saved one (adjusting state while rendering, not in an effect).
  const [seenVersion, setSeenVersion] = useState(savedVersion)
  if (seenVersion !== savedVersion) {
    setSeenVersion(savedVersion)
    setSaved(html)
  }
  useEffect(() => {
    onChange(html, html !== saved)
  }, [html, saved, onChange])

  const issues = serverIssues.length ? serverIssues : preview.issues
  return (
    <div className={styles.codeEditor}>
      <section className={styles.codePane} aria-label={t('codeLabel')}>
        <CodeEditor value={html} onChange={setHtml} issues={issues} label={t('codeLabel')} readOnly={readOnly} />
      </section>
      <section className={styles.canvas} aria-label={t('previewLabel')}>
        <div className={styles.previewBar}>
          <DeviceToggle device={device} onChange={setDevice} />
        </div>
        <PreviewFrame html={preview.html} device={device} loading={preview.loading} />
      </section>
    </div>
  )
}
