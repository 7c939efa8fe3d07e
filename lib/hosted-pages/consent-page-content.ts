// One hosted consent page's branding (ConsentPage.content JSON). Every text is optional: an
// empty one keeps the page's built-in, translated text, so a company that never edits sees
// exactly the pages it had before.
import { z } from 'zod'
import { hexColor } from '@/lib/hosted-pages/colors'

export const CONSENT_PAGE_KINDS = [
  'subscribe',
  'confirm_subscription',
  'subscribed',
  'manage_preferences',
  'unsubscribe',
  'unsubscribed',
] as const
export type ConsentPageKind = (typeof CONSENT_PAGE_KINDS)[number]

const text = (max: number) => z.string().trim().max(max).default('')

export const consentPageContent = z
  .object({
    headline: text(200),
    body: text(2000),
    buttonText: text(60),
    backgroundColor: z.union([hexColor, z.literal('')]).default(''),
    buttonColor: z.union([hexColor, z.literal('')]).default(''),
    textColor: z.union([hexColor, z.literal('')]).default(''),
    showLogo: z.boolean().default(true),
  })
  .strict()

export type ConsentPageContent = z.infer<typeof consentPageContent>

export const EMPTY_CONSENT_PAGE: ConsentPageContent = {
  headline: '',
  body: '',
  buttonText: '',
  backgroundColor: '',
  buttonColor: '',
  textColor: '',
  showLogo: true,
}

export function readConsentContent(json: string | null | undefined): ConsentPageContent {
  try {
    const r = consentPageContent.safeParse(JSON.parse(json || '{}'))
    if (r.success) return r.data
  } catch {
    // Unreadable stored JSON: the built-in page.
  }
  return EMPTY_CONSENT_PAGE
}

/** The list's own page wins field by field over the company default; empty fields fall through. */
export function mergeConsentContent(base: ConsentPageContent, over: ConsentPageContent | null): ConsentPageContent {
  if (!over) return base
  const out = { ...base }
  for (const k of ['headline', 'body', 'buttonText', 'backgroundColor', 'buttonColor', 'textColor'] as const)
    if (over[k]) out[k] = over[k]
  out.showLogo = over.showLogo && base.showLogo
  return out
}
