// The plain-text part of an email as a TEMPLATE: the HTML template's source converted to text once
// (template tags survive the conversion untouched) and then rendered per recipient in text mode,
// instead of converting every recipient's rendered HTML. The conversion was the most expensive
// step of rendering an email. A source whose converted text does not parse (a tag split across an
// attribute) gets null, and the caller converts the rendered HTML as before.
import { htmlToPlainText } from './html-to-plain-text'
import { LruCache } from './parsed-template-cache'
import { parseTemplate } from './parse-template'

const cache = new LruCache<string, { text: string | null }>(200, 32 * 1024 * 1024)

export function textTemplateOf(htmlSource: string): string | null {
  let hit = cache.get(htmlSource)
  if (!hit) {
    const text = htmlToPlainText(htmlSource)
    hit = { text: text && !('error' in parseTemplate(text, 'text')) ? text : null }
    cache.set(htmlSource, hit, htmlSource.length + (text?.length ?? 0))
  }
  return hit.text
}
