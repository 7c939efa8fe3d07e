// The plain-text part of an email, generated from its HTML. Template tags stay as they are
// (no wrapping, no upper-casing of headings that would rename {{ variables }}).
// The converter is compiled once: html-to-text's convert() rebuilds its selector decision tree
// on every call, which was a fifth of the delivery worker's CPU when every email needed a text part.
import { compile } from 'html-to-text'

const keepCase = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }))

const convert = compile({
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
})

export function htmlToPlainText(html: string): string {
  try {
    return convert(html).trim()
  } catch {
    return ''
  }
}
