// The request of a flow send-webhook action, rendered for one profile: the URL as saved, each
// header value and the body through the template language (text mode: nothing escaped, so a
// JSON body writes `"{{ person.email }}"` itself) with the profile, the trigger event and the flow.
import { prepareScope, renderTemplate } from '@/lib/templates/render-template'
import { TemplateRenderError, TemplateSyntaxError } from '@/lib/templates/template-types'
import type { FlowTemplateContext } from './template-context'

export interface WebhookMessage {
  url: string | null
  headers?: Record<string, unknown> | null
  body?: string | null
  name?: string | null
}

export interface RenderedWebhook {
  url: string
  headers: Record<string, string>
  body: string
}

/** Header names we set ourselves; a message cannot override them. */
export const RESERVED_HEADERS = new Set([
  'content-length',
  'host',
  'x-flow-signature',
  'x-flow-delivery-id',
  'x-flow-id',
  'x-flow-action-id',
  'user-agent',
  'connection',
  'transfer-encoding',
])
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export class WebhookRenderError extends Error {}

export function webhookMessageOf(action: { data?: unknown }): WebhookMessage | null {
  const m = (action.data as { message?: WebhookMessage } | undefined)?.message
  return m && typeof m === 'object' ? m : null
}

/** Throws WebhookRenderError with a merchant-readable reason. */
export function renderWebhook(m: WebhookMessage, t: FlowTemplateContext): RenderedWebhook {
  if (!m.url) throw new WebhookRenderError('The webhook has no URL.')
  // the headers and the body share one render budget (render-limits.ts)
  const options = { ...t.options, mode: 'text' as const }
  const scope = prepareScope(t.context, options)
  const render = (source: string, what: string) => {
    try {
      return renderTemplate(source, t.context, options, scope)
    } catch (e) {
      if (e instanceof TemplateSyntaxError || e instanceof TemplateRenderError)
        throw new WebhookRenderError(`The webhook ${what} cannot be rendered: ${e.message}`)
      throw e
    }
  }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(m.headers ?? {})) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) continue
    // HTTP header values are Latin-1 text on one line: anything else would make every attempt fail.
    const text = render(typeof value === 'string' ? value : JSON.stringify(value ?? ''), `header ${name}`)
      .replace(/[\r\n]+/g, ' ')
      .replace(/[^\t\x20-\x7e\xa0-\xff]/gu, '?')
    headers[name.toLowerCase()] = text
  }
  if (!headers['content-type']) headers['content-type'] = 'application/json'
  const body = m.body ? render(m.body, 'body') : ''
  return { url: m.url, headers, body }
}

/** Problems of a webhook message as saved (for the builder's 400s): field → messages. */
export function webhookMessageProblems(m: {
  url?: unknown
  headers?: unknown
  body?: unknown
}): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  const add = (k: string, msg: string) => (out[k] ??= []).push(msg)
  if (m.url != null) {
    if (typeof m.url !== 'string') add('url', 'The webhook url must be text.')
    else {
      try {
        const u = new URL(m.url)
        if (u.protocol !== 'https:' && u.protocol !== 'http:')
          add('url', 'The webhook url must be an absolute http(s) URL.')
        if (u.username || u.password) add('url', 'The webhook url must not contain a user name or password.')
      } catch {
        add('url', 'The webhook url must be an absolute http(s) URL.')
      }
    }
  }
  if (m.headers != null) {
    if (typeof m.headers !== 'object' || Array.isArray(m.headers))
      add('headers', 'The headers must be an object of names and values.')
    else {
      for (const name of Object.keys(m.headers)) {
        if (!HEADER_NAME.test(name)) add('headers', `"${name}" is not a valid header name.`)
        else if (RESERVED_HEADERS.has(name.toLowerCase()))
          add('headers', `The header ${name} is set by the flow and cannot be changed.`)
      }
    }
  }
  if (m.body != null && typeof m.body !== 'string') add('body', 'The body must be text.')
  return out
}
