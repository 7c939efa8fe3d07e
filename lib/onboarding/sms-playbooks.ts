// /sms-guide/{playbookSlug}: the SMS playbooks, content pages that each walk through one way of
// using texts well, ending at the guide or tool that does it. The slug is the address; the text
// lives in the messages files (onboarding.playbook.{key}).
export const SMS_PLAYBOOKS = [
  { slug: 'welcome-text', key: 'welcomeText', href: '/get-started/add-sms-to-flows' },
  { slug: 'abandoned-cart-text', key: 'abandonedCartText', href: '/get-started/ac-flow/launch' },
  { slug: 'grow-sms-list', key: 'growSmsList', href: '/get-started/sms-forms-setup' },
  { slug: 'import-subscribers', key: 'importSubscribers', href: '/get-started/sms-subscribers' },
  { slug: 'compliance-basics', key: 'complianceBasics', href: '/get-started/sms-disclosure' },
] as const

export type SmsPlaybook = (typeof SMS_PLAYBOOKS)[number]

export function findPlaybook(slug: string): SmsPlaybook | null {
  return SMS_PLAYBOOKS.find((p) => p.slug === slug) ?? null
}
