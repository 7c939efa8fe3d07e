// The operator's billing settings (README configuration table), read on every call so tests and a
// running server can change them:
// - BILLING_ENFORCE_LIMITS=1 turns the plan limits on in the send pipeline. Off by default: a
//   self-hosted store sending its own mail has no plan to run out of; usage is metered either way.
// - BILLING_TAX_RATES: the tax rate per billing country, "FR:20,DE:19,GB:20" (percent, decimals allowed).
// - STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: payments through Stripe; without a key, plans are
//   assigned by staff and invoices issued as records of ours.
// - STRIPE_API_BASE: Stripe's API origin (https://api.stripe.com); tests point it at a local stand-in.

export const limitsEnforced = (): boolean => process.env.BILLING_ENFORCE_LIMITS === '1'

/** The tax rate of a billing country in basis points (20 % → 2000); 0 when none is configured. */
export function taxRateBps(country: string | null | undefined): number {
  if (!country) return 0
  for (const part of (process.env.BILLING_TAX_RATES ?? '').split(',')) {
    const [code, rate] = part.split(':').map((s) => s.trim())
    if (code?.toUpperCase() === country.toUpperCase() && rate && Number.isFinite(Number(rate)))
      return Math.round(Number(rate) * 100)
  }
  return 0
}

export interface StripeConfig {
  secretKey: string
  webhookSecret: string | null
  apiBase: URL
}

export function stripeConfig(): StripeConfig | null {
  const secretKey = process.env.STRIPE_SECRET_KEY
  if (!secretKey) return null
  return {
    secretKey,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || null,
    apiBase: new URL(process.env.STRIPE_API_BASE || 'https://api.stripe.com'),
  }
}
