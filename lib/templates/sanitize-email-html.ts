// Makes merchant HTML safe and well-formed for email: scripts, embedded objects, event-handler
// attributes, and links and images of any scheme but the allowed ones (url-scheme.ts) are
// removed, unclosed elements are closed; each change is a warning with the line and column of
// the merchant's source. Never throws on broken HTML.
import { DomUtils, Parser, parseDocument } from 'htmlparser2'
import { protectTemplateTokens } from './protect-template-tokens'
import { lineAndColumn } from './translate-django-syntax'
import { isAllowedImageSource, isAllowedLink } from './url-scheme'
import type { TemplateIssue } from './template-types'

const REMOVED_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'applet', 'frame', 'frameset', 'base'])
// links may be http(s), mailto or tel; images http(s), cid or data:image (url-scheme.ts)
const LINK_ATTRIBUTES = new Set(['href', 'action', 'formaction', 'xlink:href'])
const IMAGE_ATTRIBUTES = new Set(['src', 'background', 'poster'])
// elements whose end tag HTML lets an author leave out
const OPTIONAL_END = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'option',
  'optgroup',
  'colgroup',
  'caption',
  'html',
  'head',
  'body',
  'rt',
  'rp',
])
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'param',
])

type DomNode = ReturnType<typeof parseDocument>['children'][number]
type DomElement = DomNode & {
  name: string
  attribs: Record<string, string>
  children: DomNode[]
  startIndex: number | null
}

/** Attribute values are kept as written (entities undecoded); the check decodes them as a browser will. */
function isUnsafeUrl(attr: string, value: string): boolean {
  if (LINK_ATTRIBUTES.has(attr)) return !isAllowedLink(value)
  if (IMAGE_ATTRIBUTES.has(attr)) return !isAllowedImageSource(value)
  return false
}

export function sanitizeEmailHtml(source: string): { html: string; warnings: TemplateIssue[] } {
  const warnings: TemplateIssue[] = []
  const guarded = protectTemplateTokens(source)
  const warn = (message: string, offset: number | null) => {
    const pos = lineAndColumn(source, guarded.toSourceOffset(offset ?? 0))
    warnings.push({ message, ...pos })
  }

  // unclosed elements, found while streaming (the DOM only shows the repaired tree)
  const open: { name: string; at: number }[] = []
  const parser = new Parser(
    {
      onopentag(name) {
        if (!VOID.has(name)) open.push({ name, at: parser.startIndex })
      },
      onclosetag(name, isImplied) {
        const i = open.map((o) => o.name).lastIndexOf(name)
        if (i < 0) return
        const [opened] = open.splice(i, 1)
        if (isImplied && !OPTIONAL_END.has(name)) warn(`<${name}> is not closed; it was closed for you`, opened.at)
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  )
  parser.write(guarded.html)
  parser.end()

  const doc = parseDocument(guarded.html, {
    decodeEntities: false,
    withStartIndices: true,
    lowerCaseAttributeNames: true,
  })
  const walk = (nodes: DomNode[]) => {
    for (const node of [...nodes]) {
      if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue
      const el = node as DomElement
      if (REMOVED_ELEMENTS.has(el.name)) {
        warn(`<${el.name}> is not allowed in an email and was removed`, el.startIndex)
        DomUtils.removeElement(el)
        continue
      }
      for (const [attr, value] of Object.entries(el.attribs)) {
        if (attr.startsWith('on')) {
          warn(`The ${attr} attribute of <${el.name}> was removed (no scripts in email)`, el.startIndex)
          delete el.attribs[attr]
        } else if (isUnsafeUrl(attr, value)) {
          warn(`The ${attr} of <${el.name}> was removed (unsafe URL)`, el.startIndex)
          delete el.attribs[attr]
        }
      }
      if (el.children?.length) walk(el.children)
    }
  }
  walk(doc.children)
  const html = DomUtils.getOuterHTML(doc, { decodeEntities: false, encodeEntities: false })
  return { html: guarded.restore(html), warnings }
}
