'use client'
// The push preview in an iOS and an Android frame, drawn from what the server rendered (the same
// code as a real send), and the exact payloads sent to APNs and FCM for the curious.
import { useEffect } from 'react'
import { useTranslations } from 'next-intl'
import type { PushPreview } from './push-editor-screen'
import styles from './mobile-editor.module.css'

export function PushPreviewFrames({ preview, onLoad }: { preview: PushPreview | null; onLoad: () => void }) {
  const t = useTranslations('pushEditor')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- first render only: later previews follow saves
  useEffect(() => onLoad(), [])
  if (!preview) return <p className={styles.help}>{t('previewEmpty')}</p>
  const r = preview.rendered
  const badge = r.badge.kind === 'set' ? String(r.badge.count) : r.badge.kind === 'increment' ? '+1' : null
  const card = (platform: 'ios' | 'android') => (
    <div className={styles.phone} data-testid={`push-preview-${platform}`}>
      <div className={styles.phoneLabel}>{t(platform === 'ios' ? 'frameIos' : 'frameAndroid')}</div>
      {r.silent ? (
        <p className={styles.help}>{t('silentPreview')}</p>
      ) : (
        <div className={styles.notification}>
          <div>
            <div className={styles.notifTitle}>{r.title}</div>
            <div className={styles.notifBody}>{r.body}</div>
            <div className={styles.meta}>
              {r.openUrl ? t('opens', { url: r.openUrl }) : t('opensHome')}
              {badge ? ` · ${t('badgeShown', { badge })}` : ''}
            </div>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- a remote image the device loads as is */}
          {r.imageUrl && <img src={r.imageUrl} alt="" />}
        </div>
      )}
    </div>
  )
  return (
    <div className={styles.frames}>
      {card('ios')}
      {card('android')}
      <details>
        <summary className={styles.meta}>{t('payloads')}</summary>
        <pre className={styles.code}>{JSON.stringify({ apns: preview.ios, fcm: preview.android }, null, 2)}</pre>
      </details>
    </div>
  )
}
