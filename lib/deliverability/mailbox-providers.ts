// Mailbox providers by recipient domain: the providers whose filtering differs enough that a
// sender watches them apart (Gmail, Microsoft, Yahoo, Apple); every other domain is 'Other'.
// A small table on purpose: a domain missing here is grouped, never misattributed.
export const MAILBOX_PROVIDERS = ['Gmail', 'Microsoft', 'Yahoo', 'Apple', 'Other'] as const
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number]

const BY_DOMAIN: Record<string, MailboxProvider> = {
  'gmail.com': 'Gmail',
  'googlemail.com': 'Gmail',
  'outlook.com': 'Microsoft',
  'hotmail.com': 'Microsoft',
  'live.com': 'Microsoft',
  'msn.com': 'Microsoft',
  'yahoo.com': 'Yahoo',
  'aol.com': 'Yahoo',
  'ymail.com': 'Yahoo',
  'icloud.com': 'Apple',
  'me.com': 'Apple',
  'mac.com': 'Apple',
}

// Country variants (hotmail.co.uk, yahoo.fr, outlook.de …) share the provider of their name.
const BY_NAME: Record<string, MailboxProvider> = {
  outlook: 'Microsoft',
  hotmail: 'Microsoft',
  live: 'Microsoft',
  yahoo: 'Yahoo',
  aol: 'Yahoo',
}

export function providerOf(domain: string | null | undefined): MailboxProvider {
  const d = (domain ?? '').trim().toLowerCase()
  if (BY_DOMAIN[d]) return BY_DOMAIN[d]
  const name = d.split('.')[0]
  return BY_NAME[name] ?? 'Other'
}
