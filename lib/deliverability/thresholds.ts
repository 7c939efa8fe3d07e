// Thresholds and advice for the email rates, after the mailbox providers' published sender
// guidance: Google's and Yahoo's 2024 bulk-sender rules ask for a spam rate reported in Postmaster
// Tools below 0.1 % and never reaching 0.3 %; bounce rates over 2 % are the level at which the
// common ESPs review an account. Rates are fractions in [0, 1].
export type RateName = 'bounceRate' | 'spamRate' | 'unsubscribeRate' | 'deliveryRate'
export type Level = 'good' | 'warning' | 'critical'

interface Threshold {
  /** For deliveryRate the level falls below the figures, for the others it rises above them. */
  warning: number
  critical: number
  lowerIsBetter: boolean
  advice: Record<Exclude<Level, 'good'>, string>
}

export const THRESHOLDS: Record<RateName, Threshold> = {
  bounceRate: {
    warning: 0.01,
    critical: 0.02,
    lowerIsBetter: true,
    advice: {
      warning: 'Bounces are rising: remove addresses that hard-bounced and confirm new signups (double opt-in).',
      critical:
        'Bounce rate above 2 %: stop sending to unengaged and purchased lists, clean the list, and check the import that added these addresses.',
    },
  },
  spamRate: {
    warning: 0.001,
    critical: 0.003,
    lowerIsBetter: true,
    advice: {
      warning:
        'Spam complaints above 0.1 %: send to engaged profiles only, make unsubscribing easy, and check that people expect these messages.',
      critical:
        'Spam complaints above 0.3 %: Gmail and Yahoo start rejecting mail at this level. Pause campaigns to unengaged segments now.',
    },
  },
  unsubscribeRate: {
    warning: 0.005,
    critical: 0.01,
    lowerIsBetter: true,
    advice: {
      warning:
        'Unsubscribes above 0.5 %: review how often you send and whether content matches what people signed up for.',
      critical: 'Unsubscribes above 1 %: reduce frequency and segment by engagement before the next send.',
    },
  },
  deliveryRate: {
    warning: 0.98,
    critical: 0.95,
    lowerIsBetter: false,
    advice: {
      warning: 'Delivery below 98 %: look at the bounce details for the failing providers and status codes.',
      critical:
        'Delivery below 95 %: check the sending domain (DKIM, SPF, DMARC) and the bounce reasons before sending more.',
    },
  },
}

export function levelOf(rate: RateName, value: number): Level {
  const t = THRESHOLDS[rate]
  const worse = (a: number, b: number) => (t.lowerIsBetter ? a > b : a < b)
  if (worse(value, t.critical)) return 'critical'
  if (worse(value, t.warning)) return 'warning'
  return 'good'
}

export interface RateAdvice {
  rate: RateName
  value: number
  level: Level
  advice: string | null
}

export function adviceFor(rates: Record<RateName, number>, sent: number): RateAdvice[] {
  return (Object.keys(THRESHOLDS) as RateName[]).map((rate) => {
    const level = sent ? levelOf(rate, rates[rate]) : 'good'
    return { rate, value: rates[rate], level, advice: level === 'good' ? null : THRESHOLDS[rate].advice[level] }
  })
}

/**
 * The deliverability score, 0–100 (documented in lib/deliverability/README.md): start from 100
 * and take away, each capped, points for how far a rate is past its warning level relative to
 * the distance to its critical level: bounce up to 35, spam up to 40, unsubscribe up to 10,
 * delivery up to 15. At every warning level the score is 100; at every critical level 0.
 */
export const SCORE_WEIGHTS: Record<RateName, number> = {
  bounceRate: 35,
  spamRate: 40,
  unsubscribeRate: 10,
  deliveryRate: 15,
}

export function deliverabilityScore(rates: Record<RateName, number>, sent: number): number | null {
  if (!sent) return null
  let score = 100
  for (const rate of Object.keys(SCORE_WEIGHTS) as RateName[]) {
    const t = THRESHOLDS[rate]
    const over = t.lowerIsBetter ? rates[rate] - t.warning : t.warning - rates[rate]
    const span = Math.abs(t.critical - t.warning)
    const share = Math.min(1, Math.max(0, over / span))
    score -= SCORE_WEIGHTS[rate] * share
  }
  return Math.round(score)
}
