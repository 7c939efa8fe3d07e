// The document every hosted growth page shares (subscribe links): plain HTML that works
// without JavaScript, the company's branding from OnsiteSettings.hostedPages and its logo.
// Merchant text is only ever inserted through esc(); colours only after safeColor().
import { BUTTON_RADIUS, FONT_STACKS, type HostedPagesSettings } from '@/lib/hosted-pages/style'
import { safeColor } from '@/lib/hosted-pages/colors'

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Paragraphs from plain text: blank lines separate them, single newlines become <br>. */
export const paragraphs = (text: string) =>
  text.trim()
    ? text
        .trim()
        .split(/\n\s*\n/)
        .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
        .join('')
    : ''

export interface PageColors {
  background: string
  text: string
  button: string
  buttonText: string
}

export interface HostedDoc {
  locale: string
  title: string
  company: { name: string; logoUrl: string | null; avatarColor: string }
  settings: HostedPagesSettings
  colors?: Partial<PageColors>
  showLogo?: boolean
  body: string
}

function brand(d: HostedDoc): string {
  if (d.showLogo === false || d.settings.logoPlacement === 'hidden') return ''
  const c = d.company
  const inner =
    c.logoUrl && /^(https?:\/\/|\/)/.test(c.logoUrl)
      ? `<img src="${esc(c.logoUrl)}" alt="${esc(c.name)}">`
      : `<span class="badge" style="background:${safeColor(c.avatarColor, '#2f6bd8')}" aria-hidden="true">${esc(c.name.trim().charAt(0).toUpperCase() || '?')}</span><span>${esc(c.name)}</span>`
  return `<div class="brand brand-${d.settings.logoPlacement}">${inner}</div>`
}

export function hostedDocument(d: HostedDoc): string {
  const s = d.settings
  const bg = safeColor(s.backgroundColor, '#f4f5f7')
  const card = safeColor(d.colors?.background, '#ffffff')
  const text = safeColor(d.colors?.text ?? s.textColor, '#1b1f24')
  const button = safeColor(d.colors?.button ?? s.brandColor, '#1b1f24')
  const buttonText = safeColor(d.colors?.buttonText, '#ffffff')
  const style = `*{box-sizing:border-box}body{margin:0;background:${bg};color:${text};font:15px/1.5 ${FONT_STACKS[s.font]}}
main{max-width:520px;margin:48px auto;padding:0 16px}.card{background:${card};border:1px solid #e1e4e8;border-radius:8px;padding:32px}
.brand{display:flex;align-items:center;gap:12px;margin-bottom:24px;font-weight:600;font-size:17px}.brand-center{justify-content:center}
.brand img{max-height:40px;max-width:160px}.badge{width:36px;height:36px;border-radius:50%;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
h1{font-size:22px;line-height:1.3;margin:0 0 12px}p{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 4px}input[type=email],input[type=text],input[type=tel]{width:100%;padding:10px 12px;border:1px solid #c9ced6;border-radius:6px;font:inherit;margin-bottom:14px}
button{background:${button};color:${buttonText};border:0;border-radius:${BUTTON_RADIUS[s.buttonStyle]};padding:10px 18px;font:inherit;font-weight:600;cursor:pointer;width:100%}
button:focus-visible,a:focus-visible,input:focus-visible{outline:2px solid #2f6bd8;outline-offset:2px}
.consent{font-size:13px;opacity:.85}.error{color:#b42318;font-size:14px;margin:-8px 0 14px}.notice{background:#fdecea;border:1px solid #f5c2bd;border-radius:6px;padding:10px 12px;color:#8a1c12}
.info{background:#eef4fd;border:1px solid #c4d7f5;border-radius:6px;padding:10px 12px;color:#1d3f72}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.card>:last-child{margin-bottom:0}`
  return `<!doctype html><html lang="${esc(d.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(d.title)}</title><style>${style}</style></head>
<body><main><div class="card">${brand(d)}${d.body}</div></main></body></html>`
}
