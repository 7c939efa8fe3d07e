// "Create with AI" (/email/create/with-ai) without an external model: a rule-based writer that
// turns a goal, a tone and up to four products into a block template in the brand kit's styles,
// with subject lines to choose from. Same input, same email: nothing leaves the server.
import { z } from 'zod'
import type { LeafBlock } from '@/lib/templates/block-definition'
import { createTemplate } from '@/lib/templates/store/save-template'
import { brandButtonBlock } from './brand-blocks'
import { getBrandKit, type BrandKitView } from './get-brand-kit'
import { themedDefinition } from './themed-templates'

export const GOALS = ['welcome', 'promotion', 'product_launch', 'winback', 'newsletter'] as const
export const TONES = ['friendly', 'formal', 'urgent'] as const

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^https?:\/\//i.test(u), 'Use an http(s) address.')

export const generateEmailBody = z.object({
  name: z.string().trim().min(1, 'A template name is required.').max(255),
  goal: z.enum(GOALS),
  tone: z.enum(TONES).default('friendly'),
  offer: z.string().trim().max(100).optional(),
  shopUrl: url,
  products: z
    .array(
      z.object({
        title: z.string().trim().min(1, 'A product needs a title.').max(200),
        price: z.string().trim().max(50).optional(),
        url,
        imageUrl: url.optional(),
      }),
    )
    .max(4, 'At most 4 products.')
    .default([]),
})
export type GenerateEmailInput = z.infer<typeof generateEmailBody>

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const COPY: Record<(typeof GOALS)[number], { headline: string; body: string; cta: string; subjects: string[] }> = {
  welcome: {
    headline: 'Welcome to the family',
    body: 'We are glad you are here. Discover what makes us different.',
    cta: 'Start exploring',
    subjects: ['Welcome aboard, {{ first_name|default:"friend" }}', 'You are in: here is what is next'],
  },
  promotion: {
    headline: 'A little something for you',
    body: 'Our best pieces, at a better price, for a short time.',
    cta: 'Shop the offer',
    subjects: ['{{ first_name|default:"Hey" }}, your offer is here', 'Do not miss this: our sale is on'],
  },
  product_launch: {
    headline: 'Just arrived',
    body: 'Meet the newest additions to our collection.',
    cta: 'See what is new',
    subjects: ['New in: be the first to see it', 'It is here: meet our latest launch'],
  },
  winback: {
    headline: 'We miss you',
    body: 'It has been a while. Here is what you have missed since your last visit.',
    cta: 'Come back and see',
    subjects: ['{{ first_name|default:"Hi" }}, we miss you', 'Still thinking about us?'],
  },
  newsletter: {
    headline: 'The latest from us',
    body: 'News, stories and picks from our team this month.',
    cta: 'Read more',
    subjects: ['This month at our shop', 'Our picks for you this month'],
  },
}

const TONE_OPENING: Record<(typeof TONES)[number], string> = {
  friendly: 'Hi {{ first_name|default:"there" }},',
  formal: 'Dear {{ first_name|default:"customer" }},',
  urgent: '{{ first_name|default:"Quick" }} – time is running out.',
}

export function generateEmail(kit: BrandKitView, input: GenerateEmailInput) {
  const copy = COPY[input.goal]
  const offer = input.offer ? ` ${esc(input.offer)}.` : ''
  const body: LeafBlock[] = [
    {
      type: 'text',
      html: `<h1 style="color:${kit.styles.colors.primary}">${copy.headline}</h1><p>${TONE_OPENING[input.tone]}</p><p>${copy.body}${offer}</p>`,
    },
    ...input.products.map((p): LeafBlock => ({
      type: 'product',
      title: p.title,
      ...(p.price ? { price: p.price } : {}),
      href: p.url,
      ...(p.imageUrl ? { imageUrl: p.imageUrl } : {}),
      buttonText: input.tone === 'urgent' ? 'Buy now' : 'View',
    })),
    brandButtonBlock(kit, copy.cta, input.shopUrl),
  ]
  const definition = themedDefinition(kit, 'welcome')
  // The brand's frame (header links, social icons) around the generated body.
  const header = kit.headerLinks.length ? [definition.body[0]!] : []
  const footer = kit.socialIcons.length ? [definition.body[definition.body.length - 1]!] : []
  const subjects = copy.subjects.map((s) => (input.tone === 'urgent' ? `Last chance: ${s}` : s))
  return { definition: { ...definition, body: [...header, ...body, ...footer] }, subjects }
}

export async function createGeneratedEmail(companyId: number, input: GenerateEmailInput) {
  const { definition, subjects } = generateEmail(await getBrandKit(companyId), input)
  const tpl = await createTemplate(companyId, { name: input.name, editorType: 'SYSTEM_DRAGGABLE', definition })
  return { template: { id: tpl.id, name: tpl.name }, subjects }
}
