// The account-setup wizard's steps (seed 001 §2.2): their order, the input each one takes, and
// which steps an account's own answers skip (no store platform: no integration steps; a skipped
// integration: no data-sharing or sync). Pure data, so the screens and the server agree.
import { z } from 'zod'
import { INDUSTRIES } from '@/lib/account/organization-options'

export const SETUP_STEPS = [
  'init',
  'business-category',
  'business-focus',
  'choose-channels',
  'company-website',
  'list-size',
  'mailing-address',
  'platform',
  'integration',
  'integration/data-sharing',
  'integration/sync',
  'sender-info',
] as const
export type SetupStep = (typeof SETUP_STEPS)[number]

/** The seed writes "choose-channel(s)": the singular path is the same step. */
export function normaliseStep(step: string): SetupStep | null {
  if (step === 'choose-channel') return 'choose-channels'
  return (SETUP_STEPS as readonly string[]).includes(step) ? (step as SetupStep) : null
}

export const CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const
export const FOCUSES = ['grow_list', 'recover_revenue', 'engage_customers', 'launch_store'] as const
export const LIST_SIZES = ['none', 'under_500', '500_5000', '5000_50000', 'over_50000'] as const
export const PLATFORMS = ['shopify', 'woocommerce', 'other', 'none'] as const
export const STORE_PLATFORMS = ['shopify', 'woocommerce'] as const
export type StorePlatform = (typeof STORE_PLATFORMS)[number]

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`)
export const WEBSITE_PROBLEM = 'Enter your store’s full address, such as https://shop.example.com.'

/** An http(s) address with a host name that has a dot (a typo such as "myshop" is not a website). */
export function isWebsiteUrl(v: string): boolean {
  let u: URL
  try {
    u = new URL(v)
  } catch {
    return false
  }
  return (u.protocol === 'https:' || u.protocol === 'http:') && /\.[a-z]{2,}$/i.test(u.hostname) && !u.username
}

export const stepBodies = {
  init: z.object({}),
  'business-category': z.object({
    category: z.enum(INDUSTRIES, 'Choose the category closest to what you sell.'),
  }),
  'business-focus': z.object({ focus: z.enum(FOCUSES, 'Choose what you want to do first.') }),
  'choose-channels': z.object({
    channels: z
      .array(z.enum(CHANNELS, 'Choose email, SMS, push or WhatsApp.'), 'Choose at least one channel.')
      .min(1, 'Choose at least one channel.')
      .transform((c) => [...new Set(c)]),
  }),
  'company-website': z.object({
    websiteUrl: text(500).refine(isWebsiteUrl, WEBSITE_PROBLEM),
  }),
  'list-size': z.object({ listSize: z.enum(LIST_SIZES, 'Choose how many contacts you have.') }),
  'mailing-address': z.object({
    line1: text(200).min(1, 'Enter the street address.'),
    line2: text(200).default(''),
    city: text(100).min(1, 'Enter the city.'),
    region: text(100).default(''),
    postalCode: text(20).default(''),
    country: z.string().trim().toUpperCase().min(1, 'Choose the country.'),
  }),
  platform: z.object({ platform: z.enum(PLATFORMS, 'Choose your store platform, or that you have none.') }),
  integration: z.object({ action: z.enum(['connected', 'skip'], 'Connect your store or skip this step.') }),
  'integration/data-sharing': z.object({ writeBackConsent: z.boolean('Give true or false.') }),
  'integration/sync': z.object({
    days: z.coerce
      .number('Give a whole number of days.')
      .int('Give a whole number of days.')
      .min(0, 'Use 0 to 730 days.')
      .max(730, 'Use 0 to 730 days.'),
  }),
  'sender-info': z.object({
    fromName: text(100)
      .min(1, 'Enter the name your emails come from.')
      .refine((v) => !/["\r\n<>]/.test(v), 'The name cannot contain quotes, angle brackets or line breaks.'),
    fromEmail: text(254).pipe(z.email('Enter a valid email address.')),
    /** Keep an address whose domain is not verified yet (the verification mail has gone out). */
    continueUnverified: z.boolean().default(false),
  }),
} satisfies Record<SetupStep, z.ZodType>

export type StepAnswers = { [S in SetupStep]?: z.infer<(typeof stepBodies)[S]> }

/** Whether this account's answers so far skip the step. */
export function skips(step: SetupStep, answers: StepAnswers): boolean {
  const platform = answers.platform?.platform
  const storePlatform = platform === 'shopify' || platform === 'woocommerce'
  if (step === 'integration') return !storePlatform
  if (step === 'integration/data-sharing' || step === 'integration/sync')
    return !storePlatform || answers.integration?.action !== 'connected'
  return false
}

/** The step after `step` for these answers, or null when the wizard is finished. */
export function nextStep(step: SetupStep, answers: StepAnswers): SetupStep | null {
  for (let i = SETUP_STEPS.indexOf(step) + 1; i < SETUP_STEPS.length; i++) {
    if (!skips(SETUP_STEPS[i]!, answers)) return SETUP_STEPS[i]!
  }
  return null
}

/** The first step not answered yet (resume), or null when all are. */
export function resumeStep(answers: StepAnswers): SetupStep | null {
  return SETUP_STEPS.find((s) => !skips(s, answers) && answers[s] === undefined) ?? null
}
