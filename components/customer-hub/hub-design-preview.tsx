'use client'
// A live preview of the shopper page (lib/customer-hub/hub-page.ts) with the design being edited:
// the same colours, logo and font the page will use, before anything is saved.
import { useTranslations } from 'next-intl'
import type { HubDraft } from './hub-section-fields'

// Kept in step with FONTS in lib/customer-hub/hub-page.ts.
const FONT_FAMILY: Record<HubDraft['font'], string> = {
  system: 'system-ui,sans-serif',
  serif: 'Georgia,serif',
  rounded: "ui-rounded,'Nunito',system-ui,sans-serif",
  mono: 'ui-monospace,monospace',
}
const isColor = (c: string) => /^#[0-9a-fA-F]{6}$/.test(c)

export function HubDesignPreview({ draft: d }: { draft: HubDraft }) {
  const t = useTranslations('customerHub.preview')
  const bg = isColor(d.backgroundColor) ? d.backgroundColor : '#ffffff'
  const primary = isColor(d.primaryColor) ? d.primaryColor : '#1a1a1a'
  return (
    <figure aria-label={t('label')} style={{ margin: 0 }}>
      <figcaption>{t('label')}</figcaption>
      <div
        data-testid="hub-preview"
        style={{
          background: bg,
          fontFamily: FONT_FAMILY[d.font],
          border: '1px solid #e1e4e8',
          borderRadius: 8,
          padding: 16,
          maxWidth: 420,
          color: '#1b1f24',
        }}
      >
        {d.logoUrl.startsWith('https://') && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={d.logoUrl} alt="" style={{ maxHeight: 40, maxWidth: '100%' }} />
        )}
        <h3 style={{ margin: '8px 0' }}>{d.headline || t('headline')}</h3>
        <div style={{ border: '1px solid #e1e4e8', borderRadius: 8, padding: 12, background: '#fff' }}>
          <strong>{t('order')}</strong>
          <div>
            <span
              style={{
                background: primary,
                color: '#fff',
                borderRadius: 6,
                padding: '6px 12px',
                display: 'inline-block',
                marginTop: 8,
              }}
            >
              {t('button')}
            </span>
          </div>
        </div>
      </div>
    </figure>
  )
}
