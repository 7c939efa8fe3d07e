// The vendor's block definition for SYSTEM_DRAGGABLE templates: what the block editor saves and
// compileTemplate turns into MJML. Text fields may hold template language ({{ first_name }}).
import { z } from 'zod'

const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Use a hex color such as #1a2b3c')
const align = z.enum(['left', 'center', 'right'])
// a URL, or template language that produces one ({% unsubscribe_link %}, {{ event.URL }})
const link = z
  .string()
  .max(2000)
  .refine(
    (v) => /^(https?:\/\/|mailto:|tel:|#|\{[{%])/i.test(v.trim()),
    'Use an http(s), mailto: or tel: link, or a template variable',
  )
const imageUrl = z
  .string()
  .max(2000)
  .refine((v) => /^(https?:\/\/|\/|\{[{%])/i.test(v.trim()), 'Use an http(s) image address or a template variable')
const padding = z.number().int().min(0).max(200)
// A block inserted from saved content keeps its id, so saving the saved content updates it here
// too (lib/templates/store/universal-content-usage.ts).
const linked = { universalId: z.string().max(32).optional() }

const textBlock = z.object({
  type: z.literal('text'),
  ...linked,
  html: z.string().max(200_000),
  align: align.optional(),
  padding: padding.optional(),
  color: color.optional(),
  fontSize: z.number().int().min(8).max(72).optional(),
})
const imageBlock = z.object({
  type: z.literal('image'),
  ...linked,
  src: imageUrl,
  alt: z.string().max(500).default(''),
  href: link.optional(),
  width: z.number().int().min(16).max(900).optional(),
  align: align.optional(),
})
const buttonBlock = z.object({
  type: z.literal('button'),
  ...linked,
  text: z.string().min(1).max(200),
  href: link,
  backgroundColor: color.optional(),
  textColor: color.optional(),
  align: align.optional(),
})
const dividerBlock = z.object({
  type: z.literal('divider'),
  ...linked,
  color: color.optional(),
  thickness: z.number().int().min(1).max(20).optional(),
})
const spacerBlock = z.object({ type: z.literal('spacer'), ...linked, height: z.number().int().min(1).max(400) })
const htmlBlock = z.object({ type: z.literal('html'), ...linked, html: z.string().max(500_000) })
const socialBlock = z.object({
  type: z.literal('social'),
  links: z
    .array(
      z.object({
        network: z.enum(['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'pinterest', 'linkedin']),
        href: link,
      }),
    )
    .min(1)
    .max(10),
  align: align.optional(),
})
const productBlock = z.object({
  type: z.literal('product'),
  imageUrl: imageUrl.optional(),
  title: z.string().max(500),
  price: z.string().max(200).optional(),
  href: link.optional(),
  buttonText: z.string().max(200).optional(),
  /** The catalog item (external id) the editor's catalog picker filled this block from. */
  catalogItemId: z.string().max(255).optional(),
  /**
   * The catalog price as a number: printed in the company's currency and the reader's locale when
   * the email is rendered (|currency_format), unless `price` gives a text of its own.
   */
  amount: z.number().min(0).max(1_000_000_000).optional(),
  /** Repeats the block for each item of a list: {% for item in event.Items %}. */
  repeat: z
    .object({
      collection: z.string().regex(/^[A-Za-z_]\w*(\.\w+)*$/, 'Use a variable path such as event.Items'),
      as: z.string().regex(/^[A-Za-z_]\w*$/, 'Use a simple name such as item'),
    })
    .optional(),
})
/** The review request (lib/templates/review-request-block.ts): a star row per product of the send's order. */
const reviewRequestBlock = z.object({
  type: z.literal('review-request'),
  starColor: color.optional(),
  showImages: z.boolean().optional(),
  align: align.optional(),
})

export const leafBlock = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  buttonBlock,
  dividerBlock,
  spacerBlock,
  htmlBlock,
  socialBlock,
  productBlock,
  reviewRequestBlock,
])
const columnsBlock = z.object({
  type: z.literal('columns'),
  columns: z
    .array(z.object({ blocks: z.array(leafBlock).max(50) }))
    .min(2)
    .max(4),
})
export const block = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  buttonBlock,
  dividerBlock,
  spacerBlock,
  htmlBlock,
  socialBlock,
  productBlock,
  reviewRequestBlock,
  columnsBlock,
])

export const blockDefinition = z.object({
  version: z.literal(1).default(1),
  styles: z.object({
    backgroundColor: color.default('#f4f4f4'),
    contentBackgroundColor: color.default('#ffffff'),
    textColor: color.default('#222222'),
    linkColor: color.default('#1a73e8'),
    fontFamily: z
      .string()
      .regex(/^[\w\s,'"-]{1,200}$/, 'Use a font list such as Arial, sans-serif')
      .default('Helvetica, Arial, sans-serif'),
    contentWidth: z.number().int().min(320).max(900).default(600),
    previewText: z.string().max(300).optional(),
  }),
  body: z.array(block).max(200),
})

export type LeafBlock = z.infer<typeof leafBlock>
export type Block = z.infer<typeof block>
export type BlockDefinition = z.infer<typeof blockDefinition>
export type BlockDefinitionInput = z.input<typeof blockDefinition>
