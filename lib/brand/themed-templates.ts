// Themed templates (/templates/themed): starting points built from the company's brand kit – its
// colours, body font, header links, button style and social icons – as block-editor templates.
// Made when chosen, so a later brand change does not rewrite templates already in use.
import { z } from 'zod'
import type { BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import { createTemplate } from '@/lib/templates/store/save-template'
import { brandButtonBlock, brandStylesPatch, headerLinksBlock, socialIconsBlock } from './brand-blocks'
import { getBrandKit, type BrandKitView } from './get-brand-kit'

export const THEMES = ['welcome', 'promotion', 'newsletter'] as const
export type Theme = (typeof THEMES)[number]

export const createThemedBody = z.object({
  theme: z.enum(THEMES),
  name: z.string().trim().min(1, 'A template name is required.').max(255),
})

const heading = (kit: BrandKitView, text: string): LeafBlock => ({
  type: 'text',
  html: `<h1 style="color:${kit.styles.colors.primary};font-family:${kit.styles.fonts.heading}, Arial, sans-serif">${text}</h1>`,
})

const THEME_BODY: Record<Theme, (kit: BrandKitView) => LeafBlock[]> = {
  welcome: (kit) => [
    heading(kit, 'Welcome, {{ first_name|default:"friend" }}!'),
    { type: 'text', html: '<p>Thanks for joining us. Here is what to expect from our emails.</p>' },
    brandButtonBlock(kit, 'Start shopping'),
  ],
  promotion: (kit) => [
    heading(kit, 'Our biggest sale of the season'),
    { type: 'text', html: '<p>Save on the pieces you love, for a limited time only.</p>' },
    brandButtonBlock(kit, 'Shop the sale'),
    { type: 'divider', color: kit.styles.colors.secondary, thickness: 1 },
  ],
  newsletter: (kit) => [
    heading(kit, 'What is new this month'),
    { type: 'text', html: '<p>Stories, launches and tips from our team.</p>' },
    { type: 'divider', color: kit.styles.colors.secondary, thickness: 1 },
    { type: 'text', html: '<h2>Story title</h2><p>A short summary of the story.</p>' },
    brandButtonBlock(kit, 'Read more'),
  ],
}

export function themedDefinition(kit: BrandKitView, theme: Theme): BlockDefinition {
  const header = headerLinksBlock(kit)
  const social = socialIconsBlock(kit)
  const body = [...(header ? [header] : []), ...THEME_BODY[theme](kit), ...(social ? [social] : [])]
  return {
    version: 1,
    styles: {
      backgroundColor: '#f4f4f4',
      contentBackgroundColor: '#ffffff',
      textColor: '#222222',
      linkColor: '#1a73e8',
      fontFamily: 'Helvetica, Arial, sans-serif',
      contentWidth: 600,
      ...brandStylesPatch(kit),
    },
    body,
  }
}

export async function createThemedTemplate(companyId: number, input: z.infer<typeof createThemedBody>) {
  const kit = await getBrandKit(companyId)
  const tpl = await createTemplate(companyId, {
    name: input.name,
    editorType: 'SYSTEM_DRAGGABLE',
    definition: themedDefinition(kit, input.theme),
  })
  return { id: tpl.id, name: tpl.name }
}
