// The merchant's widget styles (/reviews/widgets/edit, served by /client/review-widget-settings),
// applied as CSS custom properties on the widget's host (they inherit into its shadow root) and a
// layout attribute the widget's stylesheet reads. Only #rgb / #rrggbb colours pass, so a stored
// value can never become other CSS.
import type { OnsiteContext } from '../types'

export interface WidgetStyle {
  textColor?: string
  backgroundColor?: string
  accentColor?: string
  starColor?: string
  layout?: string
}

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/
const LAYOUTS = ['list', 'grid', 'compact']
const VARS: Array<[keyof WidgetStyle, string]> = [
  ['textColor', '--kl-text'],
  ['backgroundColor', '--kl-bg'],
  ['accentColor', '--kl-accent'],
  ['starColor', '--kl-star'],
]

let styles: Promise<Record<string, WidgetStyle>> | null = null

/** The company's styles per widget type, fetched once a page; none (the built-in look) when unavailable. */
export function loadStyles(ctx: OnsiteContext): Promise<Record<string, WidgetStyle>> {
  styles ??= fetch(`${ctx.baseUrl}/client/review-widget-settings?company_id=${encodeURIComponent(ctx.companyId)}`, {
    credentials: 'omit',
    headers: { revision: '2026-07-15' },
  })
    .then((r) => (r.ok ? r.json() : null))
    .then((b) => {
      const w = (b as { data?: { attributes?: { widgets?: unknown } } } | null)?.data?.attributes?.widgets
      return w && typeof w === 'object' ? (w as Record<string, WidgetStyle>) : {}
    })
    .catch(() => ({}))
  return styles
}

/** Forget the fetched styles (tests; a page that changes company). */
export const resetStyles = () => {
  styles = null
}

export function applyStyle(host: HTMLElement, style: WidgetStyle | undefined): void {
  if (!style) return
  for (const [key, prop] of VARS) {
    const v = style[key]
    if (typeof v === 'string' && HEX.test(v)) host.style.setProperty(prop, v)
  }
  if (typeof style.layout === 'string' && LAYOUTS.includes(style.layout))
    host.setAttribute('data-kl-layout', style.layout)
}

export async function styleHost(ctx: OnsiteContext, host: HTMLElement, type: string): Promise<void> {
  applyStyle(host, (await loadStyles(ctx))[type])
}
