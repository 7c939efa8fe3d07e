// The built-in starting points of /email-templates/create: block definitions (SYSTEM_DRAGGABLE)
// and one plain HTML layout (CODE). Text is English: merchants replace it in the editor.
import type { BlockDefinitionInput } from '@/lib/templates/block-definition'
import type { EditorType } from './template-view'
import { appLink } from '@/lib/config/app-url'

// Our own placeholder image (public/email/placeholder.svg), as an absolute URL at creation time:
// an outside image host would be blocked by the editor's preview policy and is a third party
// the merchant never chose.
const PLACEHOLDER_IMAGE = '{{placeholder-image}}'

export interface TemplateLayout {
  id: string
  name: string
  description: string
  editorType: EditorType
  definition?: BlockDefinitionInput
  html?: string
}

const footer = [
  { type: 'divider' as const },
  {
    type: 'text' as const,
    html: '<p style="font-size:12px">{{ organization.name }} · {% organization_address %}<br><a href="{% unsubscribe_link %}">Unsubscribe</a> · <a href="{% manage_preferences_link %}">Manage preferences</a></p>',
    align: 'center' as const,
  },
]

export const LAYOUTS: TemplateLayout[] = [
  {
    id: 'blank',
    name: 'Blank',
    description: 'An empty canvas with the required footer.',
    editorType: 'SYSTEM_DRAGGABLE',
    definition: { styles: {}, body: [{ type: 'text', html: '<p>Start writing here.</p>' }, ...footer] },
  },
  {
    id: 'announcement',
    name: 'Announcement',
    description: 'A headline, a short message and one button.',
    editorType: 'SYSTEM_DRAGGABLE',
    definition: {
      styles: {},
      body: [
        { type: 'text', html: '<h1>Big news, {{ first_name|default:"friend" }}</h1>', align: 'center', fontSize: 28 },
        { type: 'text', html: '<p>Tell your customers what is new and why it matters to them.</p>', align: 'center' },
        { type: 'button', text: 'Shop now', href: 'https://example.com', align: 'center' },
        ...footer,
      ],
    },
  },
  {
    id: 'newsletter',
    name: 'Newsletter',
    description: 'An image, an introduction and two columns of stories.',
    editorType: 'SYSTEM_DRAGGABLE',
    definition: {
      styles: {},
      body: [
        { type: 'image', src: PLACEHOLDER_IMAGE, alt: 'Header image' },
        { type: 'text', html: '<h2>This month</h2><p>Hi {{ first_name|default:"there" }}, here is what happened.</p>' },
        {
          type: 'columns',
          columns: [
            {
              blocks: [
                { type: 'text', html: '<h3>Story one</h3><p>A short summary.</p>' },
                { type: 'button', text: 'Read more', href: 'https://example.com' },
              ],
            },
            {
              blocks: [
                { type: 'text', html: '<h3>Story two</h3><p>A short summary.</p>' },
                { type: 'button', text: 'Read more', href: 'https://example.com' },
              ],
            },
          ],
        },
        ...footer,
      ],
    },
  },
  {
    id: 'abandoned-cart',
    name: 'Abandoned cart',
    description: 'Lists the items of the event that triggered it, with a way back to the cart.',
    editorType: 'SYSTEM_DRAGGABLE',
    definition: {
      styles: {},
      body: [
        {
          type: 'text',
          html: '<h1>You left something behind</h1><p>Your cart is waiting, {{ first_name|default:"friend" }}.</p>',
          align: 'center',
        },
        {
          type: 'product',
          title: '{{ item.ProductName }}',
          price: '{{ item.Price }}',
          imageUrl: '{{ item.ImageURL }}',
          href: '{{ item.ProductURL }}',
          buttonText: 'View',
          repeat: { collection: 'event.Items', as: 'item' },
        },
        {
          type: 'button',
          text: 'Return to cart',
          href: '{{ event.CheckoutURL|default:"https://example.com" }}',
          align: 'center',
        },
        ...footer,
      ],
    },
  },
  {
    id: 'plain-html',
    name: 'Plain HTML',
    description: 'Hand-written HTML in the code editor.',
    editorType: 'CODE',
    html: '<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"><title>{{ organization.name }}</title></head>\n<body style="font-family: Helvetica, Arial, sans-serif">\n  <p>Hello {{ first_name|default:"there" }},</p>\n  <p>Write your message here.</p>\n  <p style="font-size:12px;color:#666">{{ organization.name }} · {% organization_address %}<br><a href="{% unsubscribe_link %}">Unsubscribe</a></p>\n</body>\n</html>\n',
  },
]

export function layoutById(id: string): TemplateLayout | null {
  const l = LAYOUTS.find((x) => x.id === id)
  return l
    ? (JSON.parse(JSON.stringify(l).replaceAll(PLACEHOLDER_IMAGE, appLink('/email/placeholder.svg'))) as TemplateLayout)
    : null
}
