// The brand kit's blocks in the block editor are valid blocks of the definition schema (so a
// template built from them saves), links are escaped, and an empty kit offers no empty blocks.
import { blockDefinition, leafBlock } from '@/lib/templates/block-definition'
import { brandButtonBlock, brandStylesPatch, headerLinksBlock, socialIconsBlock } from '@/lib/brand/brand-blocks'
import { DEFAULT_STYLES } from '@/lib/brand/brand-kit-schema'
import type { BrandKitView } from '@/lib/brand/get-brand-kit'

const kit: BrandKitView = {
  styles: { ...DEFAULT_STYLES, fonts: { heading: 'Montserrat', body: 'Source Sans 3' } },
  headerLinks: [
    { label: 'Shop <new>', url: 'https://shop.example/?a=1&b="2"' },
    { label: 'Blog', url: 'https://shop.example/blog' },
  ],
  socialIcons: [{ network: 'instagram', url: 'https://instagram.com/shop' }],
  updated: null,
}

test('the brand blocks and styles make a valid definition', () => {
  const body = [headerLinksBlock(kit)!, socialIconsBlock(kit)!, brandButtonBlock(kit)]
  for (const b of body) expect(leafBlock.safeParse(b).success).toBe(true)
  const def = blockDefinition.safeParse({ styles: brandStylesPatch(kit), body })
  expect(def.success).toBe(true)
  expect(def.data!.styles.fontFamily).toBe('Source Sans 3, Arial, sans-serif')
  expect(def.data!.styles.linkColor).toBe(DEFAULT_STYLES.colors.link)
})

test('header links are escaped; an empty kit gives no header or social block', () => {
  const html = (headerLinksBlock(kit) as { html: string }).html
  expect(html).toContain('Shop &lt;new&gt;')
  expect(html).toContain('href="https://shop.example/?a=1&amp;b=&quot;2&quot;"')
  const empty = { ...kit, headerLinks: [], socialIcons: [] }
  expect(headerLinksBlock(empty)).toBeNull()
  expect(socialIconsBlock(empty)).toBeNull()
})
