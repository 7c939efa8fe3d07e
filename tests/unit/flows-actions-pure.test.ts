/** @jest-environment node */
// The pure parts of the flow side-effect actions: a webhook rendered for a profile (headers
// that could never be sent are made sendable, ours cannot be overridden), the signature format,
// profile operations applied to properties, and how a code result splits into properties and value.
import { createHmac } from 'node:crypto'
import { renderWebhook, webhookMessageProblems, WebhookRenderError } from '@/lib/flows/webhook-action/render-webhook'
import { signFlowWebhook, flowWebhookBackoffSeconds } from '@/lib/flows/webhook-action/deliver-flow-webhook'
import { applyOperations, type ProfileOperation } from '@/lib/flows/engine/actions/update-profile'
import { splitCodeOutput } from '@/lib/flows/sandbox/code-config'
import type { FlowTemplateContext } from '@/lib/flows/webhook-action/template-context'

const t: FlowTemplateContext = {
  context: {
    first_name: 'Zoë',
    person: { email: 'zoe@example.test', first_name: 'Zoë' },
    event: { Total: 12.5 },
    flow: { id: 'F1', name: 'Welcome' },
  },
  options: { mode: 'text', timeZone: 'UTC' },
  profile: null,
  flowName: 'Welcome',
}

test('renders body and header values; reserved and invalid header names are dropped; values made sendable', () => {
  const r = renderWebhook(
    {
      url: 'https://hooks.example.test/in',
      headers: {
        'X-Name': 'Hi {{ first_name }} 🎉',
        'X-Flow-Signature': 'forged',
        Host: 'evil',
        'Bad Header': 'x',
        'X-Multi': 'a\r\nInjected: 1',
      },
      body: '{"email": "{{ person.email }}", "total": {{ event.Total }}, "flow": "{{ flow.name }}"}',
    },
    t,
  )
  expect(JSON.parse(r.body)).toEqual({ email: 'zoe@example.test', total: 12.5, flow: 'Welcome' })
  expect(r.headers).toEqual({ 'x-name': 'Hi Zoë ?', 'x-multi': 'a Injected: 1', 'content-type': 'application/json' })
  expect(renderWebhook({ url: 'https://x.test', headers: { 'Content-Type': 'text/plain' }, body: null }, t)).toEqual({
    url: 'https://x.test',
    headers: { 'content-type': 'text/plain' },
    body: '',
  })
  expect(() => renderWebhook({ url: null }, t)).toThrow(WebhookRenderError)
  expect(() => renderWebhook({ url: 'https://x.test', body: '{{ unclosed' }, t)).toThrow(
    /The webhook body cannot be rendered/,
  )
})

test('message problems name the field', () => {
  expect(webhookMessageProblems({ url: 'ftp://x.test', headers: { 'X-Flow-Id': 'x', 'a b': 'c' }, body: 3 })).toEqual({
    url: ['The webhook url must be an absolute http(s) URL.'],
    headers: ['The header X-Flow-Id is set by the flow and cannot be changed.', '"a b" is not a valid header name.'],
    body: ['The body must be text.'],
  })
  expect(webhookMessageProblems({ url: 'https://user:pw@x.test' }).url).toEqual([
    'The webhook url must not contain a user name or password.',
  ])
  expect(webhookMessageProblems({ url: 'https://x.test/a', headers: { 'X-Ok': '1' }, body: '{}' })).toEqual({})
})

test('signature: t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>">; backoff doubles from 30 s to at most 1 h', () => {
  const sig = signFlowWebhook('s3cret', 1700000000, '{"a":1}')
  expect(sig).toBe(`t=1700000000,v1=${createHmac('sha256', 's3cret').update('1700000000.{"a":1}').digest('hex')}`)
  expect([1, 2, 3, 4, 8, 20].map(flowWebhookBackoffSeconds)).toEqual([30, 60, 120, 240, 3600, 3600])
})

test('profile operations: set by type, list add (no duplicate) and remove, delete; keys touched in order', () => {
  const ops: ProfileOperation[] = [
    { operator: 'update', property_type: 'list', property_operation: 'add', property_key: 'tags', property_value: 'a' },
    { operator: 'update', property_type: 'list', property_operation: 'add', property_key: 'tags', property_value: 'b' },
    {
      operator: 'update',
      property_type: 'list',
      property_operation: 'remove',
      property_key: 'scalar',
      property_value: 'x',
    },
    {
      operator: 'create',
      property_type: 'list',
      property_operation: null,
      property_key: 'fresh',
      property_value: 'only',
    },
    { operator: 'update', property_type: 'date', property_key: 'd', property_value: 'today' },
    { operator: 'delete', property_key: 'gone' },
    { operator: 'update', property_type: 'string', property_key: '__proto__x', property_value: 'safe' },
  ]
  const out = applyOperations({ tags: ['a'], scalar: 'x', gone: true, keep: 1 }, ops, '2026-05-01')
  expect(out.props).toEqual({
    tags: ['a', 'b'],
    scalar: [],
    fresh: ['only'],
    d: '2026-05-01',
    keep: 1,
    __proto__x: 'safe',
  })
  expect(out.keys).toEqual(['tags', 'scalar', 'fresh', 'd', 'gone', '__proto__x'])
})

test('a code result: { properties, value }, or any other JSON as the value', () => {
  expect(splitCodeOutput({ properties: { a: 1 }, value: 'x' })).toEqual({ properties: { a: 1 }, value: 'x' })
  expect(splitCodeOutput({ properties: { a: 1 } })).toEqual({ properties: { a: 1 }, value: null })
  expect(splitCodeOutput({ value: [1, 2] })).toEqual({ properties: null, value: [1, 2] })
  expect(splitCodeOutput({ other: 1, properties: { a: 1 } })).toEqual({
    properties: null,
    value: { other: 1, properties: { a: 1 } },
  })
  expect(splitCodeOutput(42)).toEqual({ properties: null, value: 42 })
  expect(splitCodeOutput(null)).toEqual({ properties: null, value: null })
})

test('a code action over its limits is refused by the definition validator with the path of the field', async () => {
  const { structuralErrors } = await import('@/lib/flows/validate-definition')
  const def = {
    triggers: [],
    entry_action_id: 'c',
    actions: [
      {
        temporary_id: 'c',
        type: 'code',
        links: { next: 'd' },
        data: { source_code: 'x'.repeat(70_000), runtime: 'python' },
      },
      {
        temporary_id: 'd',
        type: 'code',
        links: { next: null },
        data: { source_code: 'return 1', runtime: 'javascript' },
      },
    ],
  }
  expect(structuralErrors(def as never, { mode: 'create' })).toEqual([
    { pointer: '/actions/0/data/source_code', detail: 'The code is larger than 64 KB.' },
    { pointer: '/actions/0/data/runtime', detail: 'The runtime must be javascript.' },
  ])
})
