// The definition's styles (the vendor's VersionStyles, RichTextStyles and block styles, as the
// editor writes them) on the rendered form. Every value is checked against a narrow pattern and
// set through the CSSOM one property at a time, so a definition can neither add rules nor load
// anything (no url(), no custom CSS). The shared stylesheet (styles.ts) reads the version-wide
// input colours from custom properties set on the dialog.
import type { Block, Version } from './definition'

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i
const FONT = /^[\w\s,'"-]{1,200}$/

export const color = (v: unknown): string | undefined => (typeof v === 'string' && COLOR.test(v) ? v : undefined)
const font = (v: unknown): string | undefined => (typeof v === 'string' && FONT.test(v) ? v : undefined)
const num = (v: unknown, min: number, max: number): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : undefined
const px = (v: unknown, min: number, max: number): string | undefined => {
  const n = num(v, min, max)
  return n === undefined ? undefined : `${n}px`
}
const weight = (v: unknown): string | undefined => {
  const n = num(v, 100, 900)
  return n === undefined ? undefined : String(Math.round(n / 100) * 100)
}
const align = (v: unknown): string | undefined =>
  v === 'left' || v === 'center' || v === 'right' ? (v as string) : undefined

/** Sets the defined values (kebab-case names, custom properties too); skips the rest. */
export function css(node: HTMLElement, props: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(props)) if (v !== undefined) node.style.setProperty(k, v)
}

function box(v: unknown): string | undefined {
  const p = obj(v)
  const sides = [p.top, p.right, p.bottom, p.left].map((x) => num(x, 0, 200))
  return sides.some((x) => x !== undefined) ? sides.map((x) => `${x ?? 0}px`).join(' ') : undefined
}

function border(v: unknown): Record<string, string | undefined> {
  const b = obj(v)
  const style = b.style === 'dashed' || b.style === 'dotted' || b.style === 'solid' ? b.style : undefined
  const line = color(b.color) && (style || b.thickness !== undefined)
  return {
    'border-radius': px(b.radius, 0, 200),
    ...(line ? { border: `${px(b.thickness, 0, 20) ?? '1px'} ${style ?? 'solid'} ${color(b.color)}` } : {}),
  }
}

/** The vendor's TextStyle: font, size, weight, colour, spacing. */
function text(v: unknown): Record<string, string | undefined> {
  const t = obj(v)
  return {
    'font-family': font(t.font_family),
    'font-size': px(t.font_size, 6, 120),
    'font-weight': weight(t.font_weight),
    color: color(t.text_color),
    'letter-spacing': px(t.character_spacing, -5, 50),
    'font-style': t.font_style === 'italic' || t.font_style === 'normal' ? t.font_style : undefined,
    'line-height': num(t.line_spacing, 0.5, 4)?.toString(),
    'text-align': align(t.alignment),
  }
}

// medium is what the stylesheet gives a form without styles; a flyout is a corner, so narrower.
const WIDTHS: Record<string, string> = { small: '360px', medium: '480px', large: '680px', full: 'none' }
const FLYOUT_WIDTHS: Record<string, string> = { small: '300px', medium: '360px', large: '480px', full: '100vw' }

/** The version-wide look: width, background, corners, border, shadow, padding, overlay, close button, fonts. */
export function styleForm(def: Version, dialog: HTMLElement, outer: HTMLElement, kind: string): void {
  const s = obj(def.styles)
  const rich = obj(s.rich_text_styles)
  const body = obj(rich.body)
  const input = obj(s.input_styles)
  const inputText = obj(input.text_styles)
  const shadow = obj(s.drop_shadow)
  const width =
    s.width === 'custom' ? px(s.custom_width, 200, 1600) : (kind === 'fly' ? FLYOUT_WIDTHS : WIDTHS)[String(s.width)]
  const edgeToEdge = kind === 'full' || kind === 'ban'
  css(dialog, {
    'background-color': color(s.background_color),
    color: color(body.text_color),
    'font-family': font(body.font_family),
    padding: box(s.padding),
    'min-height': edgeToEdge ? undefined : px(s.minimum_height, 0, 1200),
    ...(edgeToEdge ? {} : border(s.border_styles)),
    'box-shadow':
      shadow.enabled === true
        ? `0 0 ${px(shadow.blur, 0, 200) ?? '30px'} ${color(shadow.color) ?? 'rgba(0,0,0,.15)'}`
        : shadow.enabled === false
          ? 'none'
          : undefined,
    'max-width': edgeToEdge || kind === 'fly' ? undefined : width,
    margin: kind === 'emb' && width ? '0 auto' : undefined,
    '--kl-link': color(obj(rich.link).color),
    '--kl-in-font': font(inputText.font_family),
    '--kl-in-size': px(inputText.font_size, 10, 40),
    '--kl-in-color': color(input.text_color) ?? color(inputText.text_color),
    '--kl-in-bg': color(input.background_color),
    '--kl-in-border': color(input.border_color),
    '--kl-in-radius': px(input.corner_radius, 0, 40),
    '--kl-in-height': px(input.field_height, 24, 120),
    '--kl-label': color(input.label_color),
  })
  if (kind === 'fly' && width) css(outer, { width: `min(${width}, calc(100vw - 24px))` })
  if (kind === 'bd') css(outer, { 'background-color': color(s.overlay_color) })
}

/** The close (×) button: the vendor's CloseButtonStyle (circle colour, × colour, outline, size). */
export function styleClose(def: Version, x: HTMLElement): void {
  const c = obj(obj(def.styles).close_button)
  const size = num(c.size, 10, 60)
  css(x, {
    'background-color': color(c.background_color),
    color: color(c.color),
    ...(color(c.outline_color) ? { border: `1px solid ${color(c.outline_color)}` } : {}),
    ...(size === undefined
      ? {}
      : { 'font-size': `${size}px`, width: `${Math.max(24, size + 12)}px`, height: `${Math.max(24, size + 12)}px` }),
  })
}

/** One block: its padding and background, text styles for buttons and coupons, rich text per tag. */
export function styleBlock(def: Version, b: Block, node: HTMLElement): void {
  const s = obj(b.styles)
  if (b.type === 'button') return styleButton(b, s, node)
  css(node, { padding: box(s.padding), 'background-color': color(s.background_color) })
  if (node.classList.contains('txt')) {
    const rich = obj(obj(def.styles).rich_text_styles)
    css(node, text(rich.body))
    for (const h of node.querySelectorAll<HTMLElement>('h1,h2,h3,h4,h5,h6')) css(h, text(rich[h.tagName.toLowerCase()]))
  } else if (b.type === 'coupon') {
    const code = node.querySelector<HTMLElement>('.cpn')
    if (code)
      css(code, {
        ...text(s.text_styles),
        ...border(s.border_styles),
        'background-color': color(s.coupon_background_color),
      })
  }
}

// Colours go through custom properties, so the stylesheet's :hover can still swap them.
function styleButton(b: Block, s: Obj, node: HTMLElement): void {
  // A dismiss button ("No thanks") without colours of its own reads as a link, not a second
  // call to action.
  if (b.action?.type === 'close' && !color(s.background_color)) node.classList.add('lnk')
  const { color: fg, ...t } = text(s.text_styles)
  const fit = s.width === 'fit'
  const alignment = align(s.alignment) ?? 'center'
  css(node, {
    ...t,
    ...border(s.border_styles),
    '--kl-bg': color(s.background_color),
    '--kl-fg': fg ?? color(s.color),
    '--kl-hover-bg': color(s.hover_background_color),
    '--kl-hover-fg': color(s.hover_text_color),
    'min-height': s.height === 'auto' ? '0' : px(s.height, 24, 200),
    padding: box(s.padding),
    ...(fit
      ? {
          width: 'auto',
          'margin-left': alignment === 'left' ? '0' : 'auto',
          'margin-right': alignment === 'right' ? '0' : 'auto',
        }
      : {}),
  })
}
