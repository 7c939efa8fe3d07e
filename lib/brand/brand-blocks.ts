// The brand kit as the block editor uses it: the email styles it sets and the blocks it inserts
// (header links, social icons, a button in the brand's colours), each valid against the block
// definition schema so a template built from them saves as is.
import type { BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import type { BrandKitView } from './get-brand-kit'

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

// The email-safe fallback after the brand font: clients without web fonts still get a sans serif.
const fontStack = (family: string) => `${family}, Arial, sans-serif`

export function brandStylesPatch(kit: BrandKitView): Partial<BlockDefinition['styles']> {
  const c = kit.styles.colors
  return {
    contentBackgroundColor: c.background,
    textColor: c.text,
    linkColor: c.link,
    fontFamily: fontStack(kit.styles.fonts.body),
  }
}

export function headerLinksBlock(kit: BrandKitView): LeafBlock | null {
  if (!kit.headerLinks.length) return null
  const links = kit.headerLinks
    .map(
      (l) =>
        `<a href="${escapeHtml(l.url)}" style="color:${kit.styles.colors.link};text-decoration:none">${escapeHtml(l.label)}</a>`,
    )
    .join(' &nbsp;|&nbsp; ')
  return { type: 'text', html: `<p style="text-align:center">${links}</p>` }
}

export function socialIconsBlock(kit: BrandKitView): LeafBlock | null {
  if (!kit.socialIcons.length) return null
  return { type: 'social', align: 'center', links: kit.socialIcons.map((i) => ({ network: i.network, href: i.url })) }
}

export function brandButtonBlock(kit: BrandKitView, text = 'Shop now', href = 'https://example.com'): LeafBlock {
  return {
    type: 'button',
    text,
    href,
    backgroundColor: kit.styles.button.backgroundColor,
    textColor: kit.styles.button.textColor,
    align: 'center',
  }
}
