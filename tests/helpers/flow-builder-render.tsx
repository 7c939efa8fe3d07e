// Renders the flow builder screen in jsdom with a stand-in network (fetch answers from a table
// of routes) and the shell's permissions, in a given locale, recording every message that
// next-intl could not find (a raw key on screen). Shared by the builder's screen tests.
import { render } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { FlowBuilderScreen } from '@/components/flows/builder/flow-builder-screen'
import type { FlowDefinition } from '@/lib/flows/definition'
import enUS from '@/messages/en-US.json'

// React Flow measures its container; jsdom has no layout.
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
;(globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO
;(globalThis as unknown as { DOMMatrixReadOnly: unknown }).DOMMatrixReadOnly = class {
  m22 = 1
  constructor() {}
}
// dagre copies graphs with structuredClone (present in browsers, not in jsdom).
;(globalThis as unknown as { structuredClone: (v: unknown) => unknown }).structuredClone ??= (v: unknown) =>
  v === undefined ? v : JSON.parse(JSON.stringify(v))
;(globalThis as unknown as { CSS: { escape: (s: string) => string } }).CSS ??= {
  escape: (s: string) => s.replace(/["\\]/g, '\\$&'),
}

export type Handler = (body: unknown) => { status?: number; body: unknown }

export function installFetch(routes: Record<string, Handler>) {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const handler = routes[`${method} ${url.pathname}`]
    const res = handler ? handler(body) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
    const status = res.status ?? 200
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers({ 'Content-Type': 'application/json' }),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
}

export function editData(
  def: FlowDefinition,
  extra: { messages?: unknown[]; counts?: Record<string, { waiting: number; done: number }> } = {},
) {
  return {
    flow: {
      id: 'F1',
      name: 'Welcome series',
      status: '2',
      statusName: 'live',
      archived: false,
      triggerType: 'Metric',
      version: 3,
      updatedAt: '2026-11-23T10:00:00Z',
      webhookSecretSet: false,
    },
    definition: def,
    actions: [],
    messages: extra.messages ?? [],
    counts: extra.counts ?? {},
    issues: [],
  }
}

/** The calls every builder makes besides its own load. */
export function baseRoutes(): Record<string, Handler> {
  return {
    'GET /ajax/data/metrics': () => ({ body: { metrics: [{ id: 'MET1', name: 'Placed Order' }] } }),
    'GET /ajax/people/properties': () => ({ body: { properties: [{ name: 'email', type: 'string', builtIn: true }] } }),
    'GET /ajax/lists/simple': () => ({ body: [{ id: 'L1', name: 'Newsletter', type: 0 }] }),
    'GET /ajax/email-templates': () => ({
      body: { templates: [{ id: 'T1', name: 'Welcome template' }], total: 1, page: 1, pageSize: 100 },
    }),
  }
}

export function renderBuilder({
  resources = ['flows_read', 'flows_write'],
  locale = 'en-US',
  messages = enUS as Record<string, unknown>,
} = {}) {
  const missing: string[] = []
  const shell = { authorization: { resources } } as unknown as StartupData
  const view = render(
    <NextIntlClientProvider
      locale={locale}
      messages={messages}
      timeZone="UTC"
      onError={(e) => {
        missing.push(e.message)
      }}
    >
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>
          <FlowBuilderScreen flowId="F1" />
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  return { ...view, missing }
}
