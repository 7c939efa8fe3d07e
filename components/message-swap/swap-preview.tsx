'use client'
// The two sides of a swap: the message as it is and the saved content that would replace it
// (email HTML in the sandboxed preview frame, push as its title and body).
import { useTranslations } from 'next-intl'
import type { SwapChannel, SwapContent } from '@/lib/message-swap/swap-types'
import { PreviewFrame } from '@/components/templates/editor/preview-frame'
import styles from './message-swap.module.css'

function Side({ channel, content, title }: { channel: SwapChannel; content: SwapContent | null; title: string }) {
  const t = useTranslations('remainingEditors')
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {channel === 'email' ? (
        <PreviewFrame html={content?.html ?? null} device="mobile" title={title} />
      ) : content && (content.title || content.body) ? (
        <div className={styles.push}>
          {content.title && <p className={styles.pushTitle}>{content.title}</p>}
          <p>{content.body}</p>
        </div>
      ) : (
        <p>{t('swapNothing')}</p>
      )}
    </section>
  )
}

export function SwapPreview({
  channel,
  current,
  replacement,
}: {
  channel: SwapChannel
  current: SwapContent | null
  replacement: SwapContent | null
}) {
  const t = useTranslations('remainingEditors')
  return (
    <div className={styles.sides} data-testid="swap-sides">
      <Side channel={channel} content={current} title={t('swapCurrent')} />
      <Side channel={channel} content={replacement} title={t('swapReplacement')} />
    </div>
  )
}
