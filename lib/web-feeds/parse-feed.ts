// A web feed's body → template data. JSON as is. XML as an object: the root element's
// children by tag name (a repeated tag becomes a list), attributes under "@attr", text of an
// element with children or attributes under "#text", a text-only element as its string; an
// RSS feed's channel items (and an Atom feed's entries) are also exposed as `items`.
import { Parser } from 'htmlparser2'

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FeedParseError'
  }
}

type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string }

function toValue(n: XmlNode): unknown {
  const text = n.text.trim()
  if (!n.children.length && !Object.keys(n.attrs).length) return text
  const out: Record<string, unknown> = {}
  if (Object.keys(n.attrs).length) out['@attr'] = n.attrs
  for (const c of n.children) {
    const v = toValue(c)
    if (Object.hasOwn(out, c.name)) {
      const prev = out[c.name]
      out[c.name] = Array.isArray(prev) && (prev as unknown as { __list?: true }).__list ? [...prev, v] : [prev, v]
      Object.defineProperty(out[c.name], '__list', { value: true, enumerable: false })
    } else {
      out[c.name] = v
    }
  }
  if (text) out['#text'] = text
  return out
}

export function parseXml(body: string): Record<string, unknown> {
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' }
  const stack: XmlNode[] = [root]
  let depth = 0
  let error: string | null = null
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (++depth > 64) error = 'The XML is nested too deeply.'
        const node: XmlNode = { name, attrs, children: [], text: '' }
        stack[stack.length - 1]!.children.push(node)
        stack.push(node)
      },
      ontext(t) {
        stack[stack.length - 1]!.text += t
      },
      onclosetag() {
        depth--
        if (stack.length > 1) stack.pop()
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  )
  parser.write(body)
  parser.end()
  if (error) throw new FeedParseError(error)
  const top = root.children[0]
  if (!top || root.children.length !== 1) throw new FeedParseError('The feed is not XML (no single root element).')
  const value = toValue(top)
  const obj: Record<string, unknown> =
    value && typeof value === 'object' ? (value as Record<string, unknown>) : { '#text': value }
  const listOf = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v])
  const channel = obj.channel as Record<string, unknown> | undefined
  if (top.name === 'rss' && channel && typeof channel === 'object') obj.items = listOf(channel.item)
  else if (top.name === 'feed' && obj.entry !== undefined) obj.items = listOf(obj.entry)
  else if (obj.item !== undefined && obj.items === undefined) obj.items = listOf(obj.item)
  return obj
}

export function parseFeedBody(body: string, contentType: 'json' | 'xml'): unknown {
  if (contentType === 'json') {
    try {
      return JSON.parse(body) as unknown
    } catch {
      throw new FeedParseError('The feed is not valid JSON.')
    }
  }
  const trimmed = body.trimStart()
  if (!trimmed.startsWith('<')) throw new FeedParseError('The feed is not XML.')
  return parseXml(trimmed)
}
