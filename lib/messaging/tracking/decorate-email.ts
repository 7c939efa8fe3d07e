// Click and open tracking of a rendered email's HTML (rewritten links, the open pixel) and the
// company's UTM parameters. Identity until tracking is built.
import type { ClaimedSend } from '../claim-sends'

export function decorateEmailHtml(_s: ClaimedSend, html: string, _now: Date): string {
  return html
}
