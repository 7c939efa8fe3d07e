// Template variables that another domain supplies for one recipient's render (e.g. the reviews'
// {{ review_request_url }}, lib/reviews/review-request-context.ts), in a list this module owns and
// the composition root (lib/server/consumers.ts) fills, so messaging imports none of them. A
// consumer is asked only when a template source mentions one of its variables (a string scan, no
// query otherwise); a failing consumer leaves its variables empty rather than failing the send.
import { consumerList } from '@/lib/config/consumer-list'
import { reportError } from '@/lib/errors/reporter'

export interface RenderContextInput {
  companyId: number
  profileId: string
  /** The Send's id; null for a preview, which must write nothing. */
  sendId: string | null
  /** The send's context (event, flow …). */
  context: Record<string, unknown>
  now: Date
}

export interface RenderContextConsumer {
  name: string
  /** The top-level variables it provides. */
  variables: readonly string[]
  context: (input: RenderContextInput) => Promise<Record<string, unknown>>
}

const consumers = consumerList<RenderContextConsumer>('render context')

export const registerRenderContextConsumer = (c: RenderContextConsumer): void => consumers.register(c)

export async function extraRenderContext(
  sources: Array<string | null | undefined>,
  input: RenderContextInput,
): Promise<Record<string, unknown>> {
  const text = sources.filter(Boolean).join('\n')
  if (!text.includes('{')) return {}
  const out: Record<string, unknown> = {}
  for (const c of consumers.all()) {
    if (!c.variables.some((v) => text.includes(v))) continue
    try {
      Object.assign(out, await c.context(input))
    } catch (error) {
      reportError({ error, route: 'render-context', extra: { consumer: c.name } })
    }
  }
  return out
}
