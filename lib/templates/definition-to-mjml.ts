// SYSTEM_DRAGGABLE: a block definition → MJML. Template language inside fields is kept intact
// (quotes inside a tag in an attribute become single quotes so the attribute stays valid).
import type { Block, BlockDefinition, LeafBlock } from './block-definition'
import { escapeHtml } from './template-output'
import { REVIEW_REQUEST_PRODUCTS, reviewRequestBlockHtml } from './review-request-block'

const TEMPLATE_SPAN = /(\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\})/

/** Escapes text for an MJML element's content, leaving template tags as written. */
export function mjmlText(value: string): string {
  return value
    .split(TEMPLATE_SPAN)
    .map((part, i) => (i % 2 === 1 ? part : escapeHtml(part)))
    .join('')
}

/** Escapes an attribute value, leaving template tags as written but with single quotes. */
export function mjmlAttr(value: string): string {
  return value
    .split(TEMPLATE_SPAN)
    .map((part, i) => (i % 2 === 1 ? part.replace(/"/g, "'") : escapeHtml(part)))
    .join('')
}

function attrs(list: Record<string, string | number | undefined>): string {
  return Object.entries(list)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${mjmlAttr(String(v))}"`)
    .join('')
}

function leafToMjml(b: LeafBlock): string {
  switch (b.type) {
    case 'text':
      return `<mj-text${attrs({ align: b.align, padding: b.padding !== undefined ? `${b.padding}px 25px` : undefined, color: b.color, 'font-size': b.fontSize ? `${b.fontSize}px` : undefined })}>${b.html}</mj-text>`
    case 'image':
      return `<mj-image${attrs({ src: b.src, alt: b.alt, href: b.href, width: b.width ? `${b.width}px` : undefined, align: b.align })} />`
    case 'button':
      return `<mj-button${attrs({ href: b.href, 'background-color': b.backgroundColor, color: b.textColor, align: b.align })}>${mjmlText(b.text)}</mj-button>`
    case 'divider':
      return `<mj-divider${attrs({ 'border-color': b.color, 'border-width': b.thickness ? `${b.thickness}px` : undefined })} />`
    case 'spacer':
      return `<mj-spacer height="${b.height}px" />`
    case 'html':
      return `<mj-raw>${b.html}</mj-raw>`
    case 'social':
      return `<mj-social${attrs({ align: b.align, mode: 'horizontal' })}>${b.links
        // "-noshare": a link to the merchant's profile, not a share-this-page link
        .map(
          (l) =>
            `<mj-social-element${attrs({ name: `${l.network === 'tiktok' ? 'web' : l.network}-noshare`, href: l.href })}>${l.network === 'tiktok' ? 'TikTok' : ''}</mj-social-element>`,
        )
        .join('')}</mj-social>`
    case 'review-request':
      return `<mj-text${attrs({ align: b.align })}>${reviewRequestBlockHtml(b)}</mj-text>`
    case 'product': {
      const price = b.price || (b.amount !== undefined ? `{{ ${Number(b.amount.toFixed(2))}|currency_format }}` : '')
      return [
        b.imageUrl ? `<mj-image${attrs({ src: b.imageUrl, alt: b.title, href: b.href })} />` : '',
        `<mj-text font-weight="bold" align="center">${mjmlText(b.title)}</mj-text>`,
        price ? `<mj-text align="center">${mjmlText(price)}</mj-text>` : '',
        b.href ? `<mj-button${attrs({ href: b.href })}>${mjmlText(b.buttonText || 'Shop now')}</mj-button>` : '',
      ].join('')
    }
  }
}

function section(columns: string[]): string {
  return `<mj-section>${columns.map((c) => `<mj-column>${c}</mj-column>`).join('')}</mj-section>`
}

function blockToMjml(b: Block): string {
  if (b.type === 'columns') return section(b.columns.map((c) => c.blocks.map(leafToMjml).join('')))
  const body = section([leafToMjml(b)])
  // no order in the send's context: not even the section's padding
  if (b.type === 'review-request')
    return `<mj-raw>{% if ${REVIEW_REQUEST_PRODUCTS} %}</mj-raw>${body}<mj-raw>{% endif %}</mj-raw>`
  if (b.type === 'product' && b.repeat) {
    return `<mj-raw>{% for ${b.repeat.as} in ${b.repeat.collection} %}</mj-raw>${body}<mj-raw>{% endfor %}</mj-raw>`
  }
  return body
}

export function definitionToMjml(def: BlockDefinition): string {
  const s = def.styles
  return [
    '<mjml>',
    '<mj-head>',
    `<mj-attributes><mj-all font-family="${mjmlAttr(s.fontFamily)}" /><mj-text color="${s.textColor}" font-size="15px" line-height="1.5" /><mj-section background-color="${s.contentBackgroundColor}" /></mj-attributes>`,
    `<mj-style inline="inline">a { color: ${s.linkColor}; }</mj-style>`,
    s.previewText ? `<mj-preview>${mjmlText(s.previewText)}</mj-preview>` : '',
    '</mj-head>',
    `<mj-body background-color="${s.backgroundColor}" width="${s.contentWidth}px">`,
    ...def.body.map(blockToMjml),
    '</mj-body>',
    '</mjml>',
  ].join('\n')
}
