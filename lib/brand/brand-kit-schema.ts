// The brand kit's parts as the screens and the email editor exchange them (issue 27 §4):
// the styles (colours, fonts, button style), the header links and the social icons.
import { z } from 'zod'

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c.')
// ASCII only: the family goes into the email's CSS font list, which the block definition keeps to these.
const family = z
  .string()
  .trim()
  .min(1, 'Choose a font.')
  .max(100)
  .regex(/^[A-Za-z0-9 _-]+$/, 'Use letters, digits, spaces, dashes or underscores.')
const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .url('Enter a full URL.')
  .refine((u) => /^https?:\/\//i.test(u), 'The URL must start with http:// or https://.')

export const brandStylesSchema = z.object({
  colors: z.object({
    primary: colour,
    secondary: colour,
    background: colour,
    text: colour,
    link: colour,
  }),
  fonts: z.object({ heading: family, body: family }),
  button: z.object({
    backgroundColor: colour,
    textColor: colour,
    borderRadius: z.number().int().min(0).max(50),
    shape: z.enum(['square', 'rounded', 'pill']),
  }),
})
export type BrandStyles = z.infer<typeof brandStylesSchema>

export const headerLinksSchema = z
  .array(z.object({ label: z.string().trim().min(1, 'A link needs a label.').max(60), url: httpsUrl }))
  .max(8, 'A header has at most 8 links.')
export type HeaderLink = z.infer<typeof headerLinksSchema>[number]

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'pinterest', 'linkedin'] as const
export const socialIconsSchema = z
  .array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: httpsUrl }))
  .max(SOCIAL_NETWORKS.length)
  .refine((icons) => new Set(icons.map((i) => i.network)).size === icons.length, 'Each network only once.')
export type SocialIcon = z.infer<typeof socialIconsSchema>[number]

export const brandKitUpdateSchema = z
  .object({
    styles: brandStylesSchema.optional(),
    headerLinks: headerLinksSchema.optional(),
    socialIcons: socialIconsSchema.optional(),
  })
  .strict()
export type BrandKitUpdate = z.infer<typeof brandKitUpdateSchema>

export const DEFAULT_STYLES: BrandStyles = {
  colors: { primary: '#1f2937', secondary: '#6b7280', background: '#ffffff', text: '#111827', link: '#2563eb' },
  fonts: { heading: 'Arial', body: 'Arial' },
  button: { backgroundColor: '#1f2937', textColor: '#ffffff', borderRadius: 4, shape: 'rounded' },
}
