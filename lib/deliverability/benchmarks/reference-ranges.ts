// Industry reference figures shipped with the product, for email campaigns only. Each range is
// spanned by the published averages it cites (no figure here is ours):
//   [MC2019] Mailchimp, "Email Marketing Statistics and Benchmarks by Industry",
//            https://mailchimp.com/resources/email-marketing-benchmarks/ (data last updated
//            October 2019): all non-labeled accounts open 22.71 %, click 2.91 %, hard bounce
//            0.40 %, soft bounce 0.61 %, unsubscribe 0.25 %; E-Commerce open 15.68 %, click
//            2.01 %, hard bounce 0.19 %, soft bounce 0.26 %, unsubscribe 0.27 %.
//   [MC2018] The same page, as updated March 2018: all non-labeled accounts open 21.09 %, click
//            2.61 %, soft bounce 0.61 %, hard bounce 0.39 %, abuse 0.012 %, unsubscribe 0.23 %.
// Open rates since Apple Mail Privacy Protection (September 2021) read higher than these
// figures; the product counts human opens only, which is closer to them. No verified public
// source for flow (automation) rates or for conversion rates was found: for those the screen
// shows the account's own history only, and says so.
export interface ReferenceRange {
  metric: 'openRate' | 'clickRate' | 'bounceRate' | 'unsubscribeRate' | 'spamRate'
  low: number
  high: number
  sources: string[]
}

export const REFERENCE_SOURCES: Record<string, { title: string; url: string; asOf: string }> = {
  MC2019: {
    title: 'Mailchimp, Email Marketing Statistics and Benchmarks by Industry',
    url: 'https://mailchimp.com/resources/email-marketing-benchmarks/',
    asOf: '2019-10',
  },
  MC2018: {
    title: 'Mailchimp, Average Email Campaign Stats of Mailchimp Customers by Industry',
    url: 'https://mailchimp.com/resources/email-marketing-benchmarks/',
    asOf: '2018-03',
  },
}

/** Low: the E-Commerce average; high: the all-accounts average (bounce: hard + soft). */
export const CAMPAIGN_REFERENCE_RANGES: ReferenceRange[] = [
  { metric: 'openRate', low: 0.1568, high: 0.2271, sources: ['MC2019'] },
  { metric: 'clickRate', low: 0.0201, high: 0.0291, sources: ['MC2019'] },
  { metric: 'bounceRate', low: 0.0045, high: 0.0101, sources: ['MC2019'] },
  { metric: 'unsubscribeRate', low: 0.0023, high: 0.0027, sources: ['MC2019', 'MC2018'] },
  { metric: 'spamRate', low: 0.00012, high: 0.00012, sources: ['MC2018'] },
]
