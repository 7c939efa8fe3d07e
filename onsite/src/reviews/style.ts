// The merchant's widget styles (/reviews/widgets/edit, served by /client/review-widget-settings),
// applied as CSS custom properties on the widget's host (they inherit into its shadow root) and a
// layout attribute the widget's stylesheet reads. Only #rgb / #rrggbb colours pass, so a stored
// value can never become other CSS. The same answer carries the widgets' labels in the account's
// language (labels.ts).
import type { OnsiteContext } from '../types'
import { readLabels, type WidgetLabels } from './labels'

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

interface WidgetConfig {
  widgets: Record<string, WidgetStyle>
  labels: WidgetLabels
}
let config: Promise<WidgetConfig> | null = null

/**
 * The company's styles per widget type and the labels, fetched once a page; the built-in look and
 * English labels when unavailable.
 */
export function loadConfig(ctx: OnsiteContext): Promise<WidgetConfig> {
  config ??= fetch(`${ctx.baseUrl}/client/review-widget-settings?company_id=${encodeURIComponent(ctx.companyId)}`, {
    credentials: 'omit',
    headers: { revision: '2026-07-15' },
  })
    .then((r) => (r.ok ? r.json() : null))
    .then((b) => {
      const a = (b as { data?: { attributes?: { widgets?: unknown; labels?: unknown; locale?: unknown } } } | null)
        ?.data?.attributes
      const w = a?.widgets
      return {
        widgets: w && typeof w === 'object' ? (w as Record<string, WidgetStyle>) : {},
        labels: readLabels(a?.labels, a?.locale),
      }
    })
    .catch(() => ({ widgets: {}, labels: readLabels(null) }))
  return config
}

export const loadStyles = (ctx: OnsiteContext) => loadConfig(ctx).then((c) => c.widgets)

/** Forget the fetched styles (tests; a page that changes company). */
export const resetStyles = () => {
  config = null
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

/** Styles the host for its widget type; the labels to draw it with. */
export async function styleHost(ctx: OnsiteContext, host: HTMLElement, type: string): Promise<WidgetLabels> {
  const c = await loadConfig(ctx)
  applyStyle(host, c.widgets[type])
  if (c.labels.locale) host.setAttribute('lang', c.labels.locale)
  return c.labels
}
