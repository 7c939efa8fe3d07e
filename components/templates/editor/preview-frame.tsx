'use client'
// Rendered email HTML in a sandboxed iframe: no scripts, no same-origin access, links open
// nowhere; desktop is the full width, mobile a 375 px phone.
import { useTranslations } from 'next-intl'
import { Spinner } from '@/components/ui/spinner'
import styles from './editor.module.css'

export type Device = 'desktop' | 'mobile'

export function PreviewFrame({
  html,
  device,
  loading,
  title,
}: {
  html: string | null
  device: Device
  loading?: boolean
  title?: string
}) {
  const t = useTranslations('templateEditor')
  return (
    <div className={styles.previewStage} data-device={device}>
      <div className={device === 'mobile' ? styles.phone : styles.desktop}>
        {html === null ? (
          <div className={styles.previewEmpty}>{loading ? <Spinner size="medium" /> : t('previewNothing')}</div>
        ) : (
          <iframe
            className={styles.frame}
            sandbox=""
            srcDoc={html}
            title={title ?? t('previewFrameTitle')}
            data-testid="preview-frame"
          />
        )}
        {loading && html !== null && (
          <div className={styles.previewBusy} aria-hidden="true">
            <Spinner size="small" />
          </div>
        )}
      </div>
    </div>
  )
}

export function DeviceToggle({ device, onChange }: { device: Device; onChange: (d: Device) => void }) {
  const t = useTranslations('templateEditor')
  return (
    <div className={styles.segmented} role="group" aria-label={t('deviceLabel')}>
      <button
        type="button"
        aria-pressed={device === 'desktop'}
        onClick={() => onChange('desktop')}
        data-testid="device-desktop"
      >
        {t('desktop')}
      </button>
      <button
        type="button"
        aria-pressed={device === 'mobile'}
        onClick={() => onChange('mobile')}
        data-testid="device-mobile"
      >
        {t('mobile')}
      </button>
    </div>
  )
}
