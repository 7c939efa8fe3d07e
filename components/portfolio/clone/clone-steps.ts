// The steps of each cross-account clone route family (seed 001 §2.5–§2.7, §2.17), as addresses.
import type { WizardStep } from './cross-account-clone-wizard'

const enc = encodeURIComponent

/** /template/{id}/cross-account-clone is the first step itself; its review maps the coupons too. */
export function templateCloneSteps(templateId: string): WizardStep[] {
  const base = ['', 'template', enc(templateId), 'cross-account-clone'].join('/')
  return [
    { slug: 'accounts', role: 'select', href: `${base}/accounts` },
    { slug: 'rename', role: 'name', href: `${base}/rename` },
    { slug: 'review', role: 'mapReview', href: `${base}/review` },
  ]
}

export const FOUR_STEPS = ['select', 'name', 'map', 'review'] as const

export function campaignCloneSteps(campaignId: string): WizardStep[] {
  return FOUR_STEPS.map((s) => ({
    slug: s,
    role: s,
    href: ['', 'campaign', enc(campaignId), 'cross-account-clone', s].join('/'),
  }))
}

export function listCloneSteps(groupId: string): WizardStep[] {
  return FOUR_STEPS.map((s) => ({
    slug: s,
    role: s,
    href: ['', 'list', enc(groupId), 'cross-account-clone-setup', s].join('/'),
  }))
}
