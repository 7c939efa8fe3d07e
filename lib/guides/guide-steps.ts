// The steps of the two guided pages, each a link to the built tool that does it and whether the
// account has done it (account-progress.ts). Step ids are the message keys of the screens.
import type { AccountProgress } from './account-progress'

export interface GuideStep {
  id: string
  section: string
  done: boolean
  href: string
  /** A figure the step shows (how many forms, segments …), when it has one. */
  count?: number
}

export function growthSteps(p: AccountProgress): GuideStep[] {
  return [
    { id: 'signupForm', section: 'grow', done: p.liveForms > 0, href: '/forms/create', count: p.liveForms },
    {
      id: 'subscribeLink',
      section: 'grow',
      done: p.subscribeLinks > 0,
      href: '/growth-tools/subscribe-links/create',
      count: p.subscribeLinks,
    },
    { id: 'welcomeFlow', section: 'grow', done: p.welcomeFlow, href: '/library/flows' },
    { id: 'abandonedCart', section: 'convert', done: p.abandonedCartFlow, href: '/library/flows' },
    { id: 'browseAbandonment', section: 'convert', done: p.browseAbandonmentFlow, href: '/library/flows' },
    { id: 'postPurchase', section: 'retain', done: p.postPurchaseFlow, href: '/library/flows' },
    { id: 'segment', section: 'retain', done: p.segments > 0, href: '/lists/create/segment', count: p.segments },
    { id: 'campaign', section: 'retain', done: p.campaignsSent30d > 0, href: '/campaigns', count: p.campaignsSent30d },
  ]
}

export function bfcmSteps(p: AccountProgress): GuideStep[] {
  return [
    {
      id: 'domain',
      section: 'prepare',
      done: p.verifiedDomains > 0,
      href: '/settings/account/domains',
      count: p.verifiedDomains,
    },
    { id: 'deliverability', section: 'prepare', done: p.campaignsSent30d > 0, href: '/analytics/deliverability/email' },
    { id: 'earlyAccessForm', section: 'prepare', done: p.liveForms > 0, href: '/forms/create', count: p.liveForms },
    { id: 'vipSegment', section: 'plan', done: p.segments > 0, href: '/lists/create/segment', count: p.segments },
    { id: 'coupon', section: 'plan', done: p.coupons > 0, href: '/coupons', count: p.coupons },
    { id: 'abandonedCart', section: 'plan', done: p.abandonedCartFlow, href: '/library/flows' },
    {
      id: 'scheduleCampaigns',
      section: 'launch',
      done: p.campaignsScheduled > 0,
      href: '/campaigns',
      count: p.campaignsScheduled,
    },
    { id: 'monitor', section: 'launch', done: false, href: '/analytics/monitors/create' },
  ]
}
