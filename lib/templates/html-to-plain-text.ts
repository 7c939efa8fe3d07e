// The plain-text part of an email, generated from its HTML. Template tags stay as they are
// (no wrapping, no upper-casing of headings that would rename {{ variables }}).
import { convert } from 'html-to-text'

const keepCase = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }))

export function htmlToPlainText(html: string): string {
  try {
    return convert(html, {
      wordwrap: false,
      selectors: [
        ...keepCase,
        { selector: 'th', format: 'block' },
        { selector: 'table', format: 'block' },
        { selector: 'tr', format: 'block' },
        { selector: 'td', format: 'block' },
        { selector: 'img', format: 'skip' },
        { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      ],
    }).trim()
  } catch {
    return ''
  }
}
