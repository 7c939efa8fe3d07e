// What a subscribe link's hosted page says and looks like (SubscribeLink.content JSON).
import { z } from 'zod'
import { hexColor } from '@/lib/hosted-pages/colors'

export const subscribeLinkContent = z
  .object({
    headline: z.string().trim().min(1, 'Enter a headline.').max(200),
    body: z.string().max(2000),
    buttonText: z.string().trim().min(1, 'Enter the button text.').max(60),
    collectFirstName: z.boolean(),
    collectPhone: z.boolean(),
    smsConsentText: z.string().max(1000),
    backgroundColor: hexColor,
    buttonColor: hexColor,
    buttonTextColor: hexColor,
    textColor: hexColor,
    successHeadline: z.string().trim().min(1, 'Enter the success headline.').max(200),
    successMessage: z.string().max(2000),
  })
  .strict()
  .superRefine((c, ctx) => {
    // SMS marketing needs the disclosure the subscriber agrees to (TCPA-style consent).
    if (c.collectPhone && !c.smsConsentText.trim())
      ctx.addIssue({ code: 'custom', path: ['smsConsentText'], message: 'SMS sign-ups need the consent text.' })
  })

export type SubscribeLinkContent = z.infer<typeof subscribeLinkContent>

export const SUBSCRIBE_LINK_DEFAULTS: SubscribeLinkContent = {
  headline: 'Join our list',
  body: 'Be the first to hear about new products and offers.',
  buttonText: 'Subscribe',
  collectFirstName: false,
  collectPhone: false,
  smsConsentText: '',
  backgroundColor: '#ffffff',
  buttonColor: '#1b1f24',
  buttonTextColor: '#ffffff',
  textColor: '#1b1f24',
  successHeadline: 'Thanks for subscribing!',
  successMessage: 'You are on the list.',
}

/** Stored content merged over the defaults; a value that no longer validates falls back. */
export function readContent(json: string): SubscribeLinkContent {
  let raw: Record<string, unknown> = {}
  try {
    const v = JSON.parse(json || '{}')
    if (v && typeof v === 'object') raw = v
  } catch {
    raw = {}
  }
  const merged = { ...SUBSCRIBE_LINK_DEFAULTS, ...raw }
  const r = subscribeLinkContent.safeParse(merged)
  return r.success ? r.data : SUBSCRIBE_LINK_DEFAULTS
}
