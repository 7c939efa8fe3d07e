// The vendor's TemplateDefinition (SYSTEM_DRAGGABLE on /api: body → sections → rows → columns →
// blocks, and a styles array with one entry per style type) and our block definition
// (lib/templates/block-definition.ts, what the block editor edits and compileTemplate turns into
// MJML). /api accepts the vendor's shape and answers with it; the screens keep using ours.
//
// fromVendorDefinition maps what our blocks can show (text, image, button, horizontal rule,
// spacer, HTML, social links, products incl. a repeat over a list; multi-column rows become a
// columns block) and keeps the vendor's own document beside it (`vendorSource`), so what a
// client sent comes back unchanged — including blocks we cannot render (coupon, review, table,
// video …), which render as nothing and are reported as warnings. toVendorDefinition writes the
// vendor's shape for a definition made in our editor.
import type { Block, BlockDefinition, BlockDefinitionInput, LeafBlock } from './block-definition'
import { reviewRequestBlockHtml } from './review-request-block'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const int = (v: unknown, min: number, max: number): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : undefined
const hex = (v: unknown): string | undefined =>
  typeof v === 'string' && /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(v) ? v : undefined
const align = (v: unknown): 'left' | 'center' | 'right' | undefined =>
  v === 'left' || v === 'center' || v === 'right' ? v : undefined
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim()
const compact = <T extends Obj>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T

export class VendorDefinitionError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message)
  }
}

/** A definition in the vendor's shape (its body is an object, its styles a list), not ours. */
export function isVendorDefinition(v: unknown): boolean {
  return isObj(v) && (isObj(v.body) || Array.isArray(v.styles))
}

const SOCIAL: Record<string, 'facebook' | 'instagram' | 'x' | 'tiktok' | 'youtube' | 'pinterest' | 'linkedin'> = {
  facebook: 'facebook',
  instagram: 'instagram',
  'x-twitter': 'x',
  twitter: 'x',
  tiktok: 'tiktok',
  youtube: 'youtube',
  pinterest: 'pinterest',
  linkedin: 'linkedin',
}

export interface FromVendorResult {
  definition: BlockDefinitionInput
  /** Block kinds kept in the vendor's document but not rendered by ours, with where they are. */
  unsupported: Array<{ pointer: string; type: string }>
}

/** The vendor's TemplateDefinition → ours. Throws VendorDefinitionError (pointer relative to the definition) for a malformed document. */
export function fromVendorDefinition(v: unknown): FromVendorResult {
  if (!isObj(v)) throw new VendorDefinitionError('', 'definition must be an object with body and styles.')
  if (!isObj(v.body))
    throw new VendorDefinitionError('/body', 'body is required: an object with properties, styles and sections.')
  if (!Array.isArray(v.styles))
    throw new VendorDefinitionError('/styles', 'styles is required: a list with one entry per style type.')
  const styleOf = (type: string): Obj => {
    const s = (v.styles as unknown[]).find((x) => isObj(x) && x.style_type === type)
    return isObj(s) && isObj(s.styles) ? s.styles : {}
  }
  const bodyStyles = isObj(v.body.styles) ? v.body.styles : {}
  const base = styleOf('base-styles'),
    text = styleOf('text-styles'),
    link = styleOf('link-styles')
  const unsupported: FromVendorResult['unsupported'] = []
  const body: Block[] = []
  const sections = v.body.sections ?? []
  if (!Array.isArray(sections)) throw new VendorDefinitionError('/body/sections', 'sections must be a list.')
  sections.forEach((section, si) => {
    const sp = `/body/sections/${si}`
    if (!isObj(section)) throw new VendorDefinitionError(sp, 'a section must be an object.')
    const rows = section.rows ?? []
    if (!Array.isArray(rows)) throw new VendorDefinitionError(`${sp}/rows`, 'rows must be a list.')
    rows.forEach((row, ri) => {
      const rp = `${sp}/rows/${ri}`
      if (!isObj(row)) throw new VendorDefinitionError(rp, 'a row must be an object.')
      const columns = row.columns ?? []
      if (!Array.isArray(columns)) throw new VendorDefinitionError(`${rp}/columns`, 'columns must be a list.')
      const cols = columns.map((column, ci) => {
        const cp = `${rp}/columns/${ci}`
        if (!isObj(column)) throw new VendorDefinitionError(cp, 'a column must be an object.')
        const blocks = column.blocks ?? []
        if (!Array.isArray(blocks)) throw new VendorDefinitionError(`${cp}/blocks`, 'blocks must be a list.')
        return blocks.flatMap((b, bi) => leafFromVendor(b, `${cp}/blocks/${bi}`, unsupported))
      })
      if (cols.length >= 2) body.push({ type: 'columns', columns: cols.slice(0, 4).map((blocks) => ({ blocks })) })
      else body.push(...(cols[0] ?? []))
    })
  })
  return {
    definition: {
      styles: compact({
        backgroundColor: hex(bodyStyles.background_color),
        contentBackgroundColor: hex(base.content_background_color),
        textColor: hex(text.color),
        linkColor: hex(link.color),
        fontFamily:
          typeof text.font_family === 'string' && /^[\w\s,'"-]{1,200}$/.test(text.font_family)
            ? text.font_family
            : undefined,
        contentWidth: int(bodyStyles.width, 320, 900),
      }),
      body,
    },
    unsupported,
  }
}

function leafFromVendor(b: unknown, pointer: string, unsupported: FromVendorResult['unsupported']): LeafBlock[] {
  if (!isObj(b)) throw new VendorDefinitionError(pointer, 'a block must be an object with content_type, type and data.')
  const type = String(b.type ?? '')
  if (!type) throw new VendorDefinitionError(`${pointer}/type`, 'type is required.')
  const data = isObj(b.data) ? b.data : {}
  const styles = isObj(data.styles) ? data.styles : {}
  const props = isObj(data.properties) ? data.properties : {}
  switch (type) {
    case 'text':
      if (typeof data.content !== 'string')
        throw new VendorDefinitionError(`${pointer}/data/content`, 'a text block needs data.content (HTML).')
      return [
        compact({
          type: 'text' as const,
          html: data.content,
          align: align(styles.text_align),
          color: hex(styles.color),
          fontSize: int(styles.font_size, 8, 72),
          padding: int(styles.block_padding_top, 0, 200),
        }),
      ]
    case 'image': {
      const src = str(props.src)
      if (!src)
        throw new VendorDefinitionError(`${pointer}/data/properties/src`, 'an image block needs data.properties.src.')
      return [
        compact({
          type: 'image' as const,
          src,
          alt: str(props.alt_text) ?? '',
          href: str(props.href),
          width: int(styles.width, 16, 900),
          align: align(styles.align),
        }),
      ]
    }
    case 'button': {
      const href = str(props.href)
      if (!href)
        throw new VendorDefinitionError(`${pointer}/data/properties/href`, 'a button block needs data.properties.href.')
      const label = stripTags(String(data.content ?? '')) || 'Button'
      return [
        compact({
          type: 'button' as const,
          text: label,
          href,
          backgroundColor: hex(styles.background_color),
          textColor: hex(styles.color),
          align: align(styles.text_align),
        }),
      ]
    }
    case 'horizontal_rule':
      return [
        compact({
          type: 'divider' as const,
          color: hex(styles.border_color),
          thickness: int(styles.border_width, 1, 20),
        }),
      ]
    case 'spacer':
      return [{ type: 'spacer', height: int(styles.height, 1, 400) ?? 20 }]
    case 'html':
      if (typeof data.content !== 'string')
        throw new VendorDefinitionError(`${pointer}/data/content`, 'an HTML block needs data.content.')
      return [{ type: 'html', html: data.content }]
    case 'social': {
      const links = (Array.isArray(b.subblocks) ? b.subblocks : [])
        .filter(isObj)
        .map((s) => ({ network: SOCIAL[String(s.link_type ?? '')], href: str(s.link_url) }))
        .filter((l): l is { network: NonNullable<typeof l.network>; href: string } => !!l.network && !!l.href)
        .slice(0, 10)
      return links.length ? [compact({ type: 'social' as const, links, align: align(styles.icon_align) })] : []
    }
    case 'product': {
      const repeatOpt =
        isObj(data.display_options) && isObj(data.display_options.content_repeat)
          ? data.display_options.content_repeat
          : null
      const repeat =
        repeatOpt && typeof repeatOpt.repeat_for === 'string' && typeof repeatOpt.item_alias === 'string'
          ? { collection: repeatOpt.repeat_for, as: repeatOpt.item_alias }
          : undefined
      const subs = (Array.isArray(b.subblocks) ? b.subblocks : []).filter(isObj)
      return subs.map((s) =>
        compact({
          type: 'product' as const,
          imageUrl: str(s.image_url),
          title: str(s.title) ?? str(s.name) ?? '',
          price: str(s.price),
          href: str(s.link) ?? str(s.url),
          buttonText: props.show_button === false ? undefined : (str(s.button_text) ?? str(props.button_text)),
          repeat,
        }),
      )
    }
  }
  unsupported.push({ pointer, type })
  return [{ type: 'html', html: `<!-- ${type.replace(/[^\w-]/g, '')} block: kept in the definition, not rendered -->` }]
}

/** Ours → the vendor's TemplateDefinition (one section; a row per block, columns as a multi-column row). */
export function toVendorDefinition(def: BlockDefinition, templateId: string | null = null): Obj {
  const s = def.styles
  const row = (columns: LeafBlock[][]): Obj => ({
    data: {
      styles: { column_layout: columns.length === 1 ? '1-column-full-width' : `${columns.length}-columns-equal-width` },
    },
    columns: columns.map((blocks) => ({ blocks: blocks.map(leafToVendor) })),
  })
  return {
    id: null,
    template_id: templateId,
    body: {
      properties: {},
      styles: { background_color: s.backgroundColor, width: s.contentWidth },
      sections: [
        {
          content_type: 'section',
          type: 'section',
          data: { properties: {}, display_options: {}, styles: { background_color: s.contentBackgroundColor } },
          rows: def.body.map((b) => (b.type === 'columns' ? row(b.columns.map((c) => c.blocks)) : row([[b]]))),
        },
      ],
    },
    styles: [
      { style_type: 'base-styles', properties: {}, styles: { content_background_color: s.contentBackgroundColor } },
      { style_type: 'text-styles', styles: { color: s.textColor, font_family: s.fontFamily } },
      { style_type: 'heading-1-styles', styles: {} },
      { style_type: 'heading-2-styles', styles: {} },
      { style_type: 'heading-3-styles', styles: {} },
      { style_type: 'heading-4-styles', styles: {} },
      { style_type: 'link-styles', styles: { color: s.linkColor } },
      { style_type: 'mobile-styles', properties: {}, styles: {} },
    ],
  }
}

function leafToVendor(b: LeafBlock): Obj {
  const block = (type: string, data: Obj, extra: Obj = {}) => ({
    content_type: 'block',
    type,
    data: { display_options: {}, ...data },
    ...extra,
  })
  switch (b.type) {
    case 'text':
      return block('text', {
        content: b.html,
        styles: compact({
          color: b.color,
          font_size: b.fontSize,
          text_align: b.align,
          block_padding_top: b.padding,
          block_padding_bottom: b.padding,
        }),
      })
    case 'image':
      return block('image', {
        properties: compact({ dynamic: false, src: b.src, alt_text: b.alt, href: b.href }),
        styles: compact({ width: b.width, align: b.align }),
      })
    case 'button':
      return block('button', {
        content: b.text,
        properties: { href: b.href },
        styles: compact({ background_color: b.backgroundColor, color: b.textColor, text_align: b.align }),
      })
    case 'divider':
      return block('horizontal_rule', {
        styles: compact({ border_color: b.color, border_width: b.thickness, border_style: 'solid' }),
      })
    case 'spacer':
      return block('spacer', { styles: { height: b.height } })
    case 'html':
      return block('html', { content: b.html })
    case 'review-request':
      // the vendor has no such block: its markup, as the send renders it
      return block('html', { content: reviewRequestBlockHtml(b) })
    case 'social':
      return block(
        'social',
        { properties: {}, styles: compact({ icon_align: b.align }) },
        {
          subblocks: b.links.map((l) => ({
            type: 'social_link_icon',
            link_type: l.network === 'x' ? 'x-twitter' : l.network,
            link_url: l.href,
          })),
        },
      )
    case 'product':
      return block(
        'product',
        {
          properties: { dynamic: false, show_title: true, show_price: !!b.price, show_button: !!b.buttonText },
          display_options: b.repeat
            ? { content_repeat: { repeat_for: b.repeat.collection, item_alias: b.repeat.as } }
            : {},
          styles: {},
        },
        {
          subblocks: [
            compact({
              type: 'product',
              image_url: b.imageUrl,
              title: b.title,
              price: b.price,
              link: b.href,
              button_text: b.buttonText,
            }),
          ],
        },
      )
  }
}

/** One vendor block (universal content) → our block, or null when ours cannot show it. */
export function blockFromVendor(b: unknown): LeafBlock | null {
  try {
    const unsupported: FromVendorResult['unsupported'] = []
    const [leaf] = leafFromVendor(b, '', unsupported)
    return unsupported.length || !leaf ? null : leaf
  } catch {
    return null
  }
}

/** Our block → the vendor's block shape ({content_type: 'block', type, data}). */
export const blockToVendor = (b: LeafBlock): Record<string, unknown> => leafToVendor(b)
