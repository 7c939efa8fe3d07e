// Form text is the merchant's (or an attacker's, if a key leaks): it is parsed in an inert
// document (no scripts run, nothing loads) and rebuilt node by node from a tiny allow-list, text
// through textContent; every other element becomes its text, every attribute is dropped except
// a link's http(s)/mailto href.
const ALLOWED = new Set(['B', 'I', 'U', 'STRONG', 'EM', 'BR', 'P', 'SPAN', 'A', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6'])
const DROP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'SVG', 'MATH'])

function safeHref(href: string | null): string | null {
  if (!href) return null
  try {
    const u = new URL(href, 'https://x.invalid/')
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? u.href : null
  } catch {
    return null
  }
}

function copy(from: Node, to: Node, doc: Document, depth: number): void {
  if (depth > 20) return
  from.childNodes.forEach((n) => {
    if (n.nodeType === 3) {
      to.appendChild(doc.createTextNode(n.textContent ?? ''))
      return
    }
    if (n.nodeType !== 1) return
    const e = n as Element
    const tag = e.tagName.toUpperCase()
    if (DROP.has(tag)) return
    if (!ALLOWED.has(tag)) return copy(e, to, doc, depth + 1)
    const out = doc.createElement(tag.toLowerCase())
    if (tag === 'A') {
      const href = safeHref(e.getAttribute('href'))
      if (href) {
        out.setAttribute('href', href)
        out.setAttribute('target', '_blank')
        out.setAttribute('rel', 'noopener noreferrer')
      }
    }
    to.appendChild(out)
    copy(e, out, doc, depth + 1)
  })
}

/** The safe nodes of an HTML fragment, appended to `into`. */
export function appendRichText(into: Node, html: string): void {
  const doc = into.ownerDocument ?? document
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  copy(parsed.body, into, doc, 0)
}
