// New blocks as the palette adds them: valid against the block definition schema from the start,
// with placeholder content the merchant replaces.
import type { Block } from '@/lib/templates/block-definition'

export const BLOCK_TYPES = [
  'text',
  'image',
  'button',
  'divider',
  'spacer',
  'columns',
  'product',
  'review-request',
  'html',
  'social',
] as const
export type BlockType = (typeof BLOCK_TYPES)[number]

/** Served from our own origin (public/email), so the editor never loads a third-party image. */
export const PLACEHOLDER_IMAGE = '/email/placeholder.svg'

export function newBlock(type: BlockType): Block {
  switch (type) {
    case 'text':
      return { type: 'text', html: '<p>Hello {{ first_name|default:"there" }},</p><p>Write your message here.</p>' }
    case 'image':
      return { type: 'image', src: PLACEHOLDER_IMAGE, alt: '', width: 600 }
    case 'button':
      return {
        type: 'button',
        text: 'Shop now',
        href: 'https://example.com',
        backgroundColor: '#1a73e8',
        textColor: '#ffffff',
        align: 'center',
      }
    case 'divider':
      return { type: 'divider', color: '#dddddd', thickness: 1 }
    case 'spacer':
      return { type: 'spacer', height: 24 }
    case 'columns':
      return {
        type: 'columns',
        columns: [
          { blocks: [{ type: 'text', html: '<p>Left column</p>' }] },
          { blocks: [{ type: 'text', html: '<p>Right column</p>' }] },
        ],
      }
    case 'product':
      return {
        type: 'product',
        imageUrl: PLACEHOLDER_IMAGE,
        title: 'Product name',
        price: '$49.00',
        href: 'https://example.com',
        buttonText: 'Buy now',
      }
    case 'review-request':
      return { type: 'review-request', align: 'center', showImages: true }
    case 'html':
      return { type: 'html', html: '<div style="text-align:center">Custom HTML</div>' }
    case 'social':
      return {
        type: 'social',
        align: 'center',
        links: [
          { network: 'facebook', href: 'https://facebook.com/' },
          { network: 'instagram', href: 'https://instagram.com/' },
        ],
      }
  }
}
