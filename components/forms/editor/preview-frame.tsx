'use client'
// The live preview: F2b's /onsite/preview page in a frame on our own origin. It renders whatever
// draft it is sent, so every change is posted at once (and again when the frame has loaded).
import { useCallback, useEffect, useRef } from 'react'
import { useTranslations } from 'next-intl'
import type { FormDefinition } from '../definition-types'
import styles from './editor.module.css'

export type PreviewDevice = 'desktop' | 'mobile'

export interface PreviewFrameProps {
  publicKey: string
  formId: string
  definition: FormDefinition
  step: number
  device: PreviewDevice
  title?: string
}

export const PREVIEW_MESSAGE = 'klaviyo-form-preview'

export function PreviewFrame({ publicKey, formId, definition, step, device, title }: PreviewFrameProps) {
  const t = useTranslations('forms')
  const ref = useRef<HTMLIFrameElement>(null)
  const latest = useRef({ definition, formId, step })
  useEffect(() => {
    latest.current = { definition, formId, step }
  })

  const post = useCallback(() => {
    const win = ref.current?.contentWindow
    if (!win) return
    win.postMessage({ type: PREVIEW_MESSAGE, ...latest.current }, window.location.origin)
  }, [])
  useEffect(() => {
    post()
  }, [definition, formId, step, post])
  // The preview page's script may start after its load event: it says when it listens.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== ref.current?.contentWindow) return
      const type = (e.data as { type?: unknown } | null)?.type
      if (typeof type === 'string' && type.startsWith(PREVIEW_MESSAGE) && type !== PREVIEW_MESSAGE) post()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [post])

  const src = `/onsite/preview?company_id=${encodeURIComponent(publicKey)}&device=${device}`
  return (
    <div className={`${styles.previewViewport} ${device === 'mobile' ? styles.previewMobile : styles.previewDesktop}`}>
      <iframe
        ref={ref}
        src={src}
        title={title ?? t('previewTitle', { device: t(`device.${device}`) })}
        className={styles.previewFrame}
        onLoad={() => {
          post()
          setTimeout(post, 400)
        }}
        data-testid={`form-preview-${device}`}
      />
    </div>
  )
}
