// /get-started: the guides (seed 001 §2.15), each with where it starts and whether the account
// has done what it sets up (read from the account's rows, account-state.ts). Ids are message keys.
import type { AccountState } from './account-state'

export interface GuideItem {
  id: string
  href: string
  done: boolean
  /** SMS guides are shown to accounts that chose SMS or already set it up. */
  channel: 'email' | 'sms' | 'any'
}

export function getStartedGuides(s: AccountState): GuideItem[] {
  return [
    { id: 'confirmPlatform', href: '/get-started/confirm-platform', done: s.platformConfirmed, channel: 'any' },
    { id: 'listSetup', href: '/get-started/list-setup', done: s.lists > 0, channel: 'any' },
    { id: 'formsCreate', href: '/get-started/forms-create', done: s.liveForms > 0, channel: 'any' },
    { id: 'wsFlow', href: '/get-started/ws-flow/launch', done: s.welcomeFlow, channel: 'email' },
    { id: 'acFlow', href: '/get-started/ac-flow/launch', done: s.abandonedCartFlow, channel: 'email' },
    { id: 'autobranding', href: '/get-started/autobranding', done: s.branded, channel: 'email' },
    {
      id: 'segmentAndSend',
      href: '/get-started/segment-and-send/intro',
      done: s.campaignsStarted > 0,
      channel: 'email',
    },
    { id: 'smsSetup', href: '/get-started/sms-setup', done: s.smsConfigured, channel: 'sms' },
    { id: 'smsSubscribers', href: '/get-started/sms-subscribers', done: s.smsSubscribers > 0, channel: 'sms' },
    { id: 'addSmsToFlows', href: '/get-started/add-sms-to-flows', done: s.smsInFlows, channel: 'sms' },
  ]
}

/** The /onboarding checklist: the six things a new account needs before it earns. */
export function onboardingChecklist(s: AccountState): GuideItem[] {
  return [
    { id: 'list', href: '/get-started/list-setup', done: s.lists > 0, channel: 'any' },
    { id: 'form', href: '/get-started/forms-create', done: s.liveForms > 0, channel: 'any' },
    { id: 'flowLive', href: '/get-started/ws-flow/launch', done: s.liveFlows > 0, channel: 'any' },
    { id: 'campaignSent', href: '/get-started/segment-and-send/intro', done: s.campaignsSent > 0, channel: 'any' },
    { id: 'domainVerified', href: '/settings/account/domains', done: s.verifiedDomains > 0, channel: 'any' },
    { id: 'integration', href: '/get-started/confirm-platform', done: s.storeConnected, channel: 'any' },
  ]
}
