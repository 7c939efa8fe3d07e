// A live preview of a hosted page (subscribe link or consent page) as the shopper sees it:
// the same colours, font and button shape the server renders. Text is React-escaped.
import type { CSSProperties } from 'react'
import { BUTTON_RADIUS, FONT_STACKS, type HostedPagesSettings } from '@/lib/hosted-pages/style'
import { safeColor } from '@/lib/hosted-pages/colors'
import styles from './growth.module.css'

export interface PreviewProps {
  settings: HostedPagesSettings
  company: { name: string; logoUrl: string | null } | null
  headline: string
  body: string
  buttonText?: string
  fields?: string[]
  consentText?: string
  colors?: { background?: string; text?: string; button?: string; buttonText?: string }
  showLogo?: boolean
  label: string
}

export function HostedPreview(p: PreviewProps) {
  const s = p.settings
  const page: CSSProperties = { background: safeColor(s.backgroundColor, '#f4f5f7'), fontFamily: FONT_STACKS[s.font] }
  const card: CSSProperties = {
    background: safeColor(p.colors?.background, '#ffffff'),
    color: safeColor(p.colors?.text || s.textColor, '#1b1f24'),
  }
  const button: CSSProperties = {
    background: safeColor(p.colors?.button || s.brandColor, '#1b1f24'),
    color: safeColor(p.colors?.buttonText, '#ffffff'),
    borderRadius: BUTTON_RADIUS[s.buttonStyle],
  }
  const logo = p.showLogo !== false && s.logoPlacement !== 'hidden' && p.company
  return (
    <div className={styles.preview} style={page} role="img" aria-label={p.label} data-testid="hosted-preview">
      <div className={styles.previewCard} style={card}>
        {logo && (
          <div
            className={styles.previewBrand}
            style={{ justifyContent: s.logoPlacement === 'center' ? 'center' : 'flex-start' }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- the merchant's own logo URL, any host */}
            {p.company!.logoUrl ? <img src={p.company!.logoUrl} alt="" /> : <span>{p.company!.name}</span>}
          </div>
        )}
        <h2>{p.headline}</h2>
        {p.body && <p>{p.body}</p>}
        {(p.fields ?? []).map((f) => (
          <span key={f} className={styles.previewInput}>
            {f}
          </span>
        ))}
        {p.consentText && <p className={styles.previewConsent}>{p.consentText}</p>}
        {p.buttonText && (
          <span className={styles.previewButton} style={button}>
            {p.buttonText}
          </span>
        )}
      </div>
    </div>
  )
}
