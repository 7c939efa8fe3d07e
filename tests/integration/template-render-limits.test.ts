/** @jest-environment node */
// Issue 29, finding 2: every render path has the same time, output and memory limits. The
// attack of the probe (unsaved HTML that doubles a captured string 23 times, previewed by an
// Analyst) and its relatives go through the real preview route, /api/template-render and the
// send pipeline; each answers a clear error quickly while a timer probe on the same event loop
// keeps ticking. The web view renders a send once and serves it from its cache afterwards.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { db } from '@/lib/db/client'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends } from '@/lib/messaging/create-sends'
import { webViewToken } from '@/lib/messaging/web-view-link'
import { clearWebViewCache } from '@/lib/messaging/web-view'
import { ulid } from '@/lib/ids/make-id'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { call, type Json } from './templates-routes'
import * as list from '@/app/ajax/email-templates/route'
import * as previewRoute from '@/app/ajax/email-templates/[id]/preview/route'
import { GET as webView } from '@/app/messages/[token]/route'
import { RENDER_TIME_LIMIT_MS } from '@/lib/templates/render-limits'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-limits-'))
let A: number
let owner: string
let analyst: string
let key: string
let listProfileId: string

// the probe's template: a 10-character string doubled 23 times (80 million characters, ~2 GB on the old code)
const DOUBLING =
  '{% capture s %}0123456789{% endcapture %}' +
  '{% capture s %}{{ s }}{{ s }}{% endcapture %}'.repeat(23) +
  '{{ s|length }}'
// three nested loops over a 300-item list that print nothing: 27 million iterations, stopped by time
const LOOPS =
  '{% for a in l %}{% for b in l %}{% for c in l %}{% if a == b %}{% endif %}{% endfor %}{% endfor %}{% endfor %}done'
// static text printed 90,000 times: 900 MB of output, stopped by size
const STATIC = '{% for a in l %}{% for b in l %}' + 'x'.repeat(10_000) + '{% endfor %}{% endfor %}'

beforeAll(async () => {
  process.env.DATA_DIR = DATA
  process.env.APP_URL = 'https://app.example.test'
  delete process.env.SMTP_URL
  A = (await makeCompany('Limits')).id
  owner = await signIn((await makeUser({ companyId: A })).id, A)
  analyst = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  key = await makeApiKey(A)
  const l = Array.from({ length: 300 }, (_, i) => i)
  listProfileId = (
    await upsertProfile(A, { email: 'loops@x.test', firstName: 'Lou', properties: { l } }, { mode: 'import' })
  ).profile.id
})
afterAll(() => fs.rmSync(DATA, { recursive: true, force: true }))

/** Runs `fn` while a 5 ms timer measures the longest the event loop was held. */
async function withLagProbe<T>(fn: () => Promise<T>): Promise<{ result: T; maxLagMs: number; elapsedMs: number }> {
  let last = performance.now()
  let maxLagMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    maxLagMs = Math.max(maxLagMs, now - last)
    last = now
  }, 5)
  const started = performance.now()
  try {
    const result = await fn()
    const elapsedMs = performance.now() - started
    // the last stretch (the end of the request to now) counts too
    maxLagMs = Math.max(maxLagMs, performance.now() - last)
    return { result, maxLagMs, elapsedMs }
  } finally {
    clearInterval(timer)
  }
}

// The event loop may be held for the render's time limit plus slack for a loaded test machine
// (the full suite runs two Jest workers on two cores: 590 ms was seen there). Before the limits
// the same requests held it 7.6 to 16 s, so the bound still tells the two apart.
const LAG_BOUND_MS = RENDER_TIME_LIMIT_MS + 1300

async function json(res: Response | Promise<Response>) {
  const r = await res
  return { status: r.status, body: (await r.json()) as Json }
}

async function createCode(html: string): Promise<string> {
  const r = await json(
    list.POST(
      ajaxRequest('/ajax/email-templates', {
        method: 'POST',
        cookie: owner,
        body: { mode: 'import', name: 'T ' + ulid(), html_method: 'paste', html_input: html },
      }),
    ),
  )
  expect(r.status).toBeLessThan(300)
  return r.body.id as string
}

const preview = (id: string, body: Record<string, unknown>, cookie = analyst) =>
  json(
    previewRoute.POST(
      ajaxRequest(`/ajax/email-templates/${id}/preview`, { method: 'POST', cookie, body }),
      params({ id }),
    ),
  )

describe('the editor preview of unsaved content (as an Analyst)', () => {
  test('the capture-doubling attack answers 422 at the output limit, without holding the event loop', async () => {
    const id = await createCode('<p>saved</p>')
    const { result, maxLagMs, elapsedMs } = await withLagProbe(() => preview(id, { html: DOUBLING }))
    expect(result.status).toBe(422)
    expect(result.body.error).toBe('template_limit')
    expect(result.body.message).toMatch(/more than 5 million characters/)
    expect(maxLagMs).toBeLessThan(LAG_BOUND_MS)
    expect(elapsedMs).toBeLessThan(3_000)
  })

  test('loops that print nothing stop at the time limit', async () => {
    const id = await createCode('<p>saved</p>')
    const { result, maxLagMs } = await withLagProbe(() => preview(id, { html: LOOPS, profile_id: listProfileId }))
    expect(result.status).toBe(422)
    expect(result.body.message).toMatch(new RegExp(`longer than ${RENDER_TIME_LIMIT_MS} ms`))
    expect(maxLagMs).toBeLessThan(LAG_BOUND_MS)
  })

  test('static text printed in a loop stops at the output limit', async () => {
    const id = await createCode('<p>saved</p>')
    const { result, maxLagMs } = await withLagProbe(() => preview(id, { html: STATIC, profile_id: listProfileId }))
    expect(result.status).toBe(422)
    expect(result.body.message).toMatch(/million characters/)
    expect(maxLagMs).toBeLessThan(LAG_BOUND_MS)
  })

  test('|add that doubles a string stops at the memory limit', async () => {
    const id = await createCode('<p>saved</p>')
    let src = '{% with s0="abcdefghij" %}'
    for (let i = 1; i <= 30; i++) src += `{% with s${i}=s${i - 1}|add:s${i - 1} %}`
    src += '{{ s30|length }}' + '{% endwith %}'.repeat(31)
    const { result, maxLagMs } = await withLagProbe(() => preview(id, { html: src }))
    expect(result.status).toBe(422)
    expect(result.body.message).toMatch(/built more text or lists/)
    expect(maxLagMs).toBeLessThan(LAG_BOUND_MS)
  })

  test('an ordinary template still renders, loops and all', async () => {
    const id = await createCode('<p>saved</p>')
    const r = await preview(id, {
      html: '<ul>{% for a in l %}<li>{{ a }} for {{ first_name }}</li>{% endfor %}</ul>',
      profile_id: listProfileId,
    })
    expect(r.status).toBe(200)
    expect(r.body.html).toContain('<li>299 for Lou</li>')
  })
})

test('/api/template-render: a saved template that hits a limit is a JSON:API 422, quickly', async () => {
  const created = await call('POST', '/api/templates', {
    key,
    body: { data: { type: 'template', attributes: { name: 'Bomb', editor_type: 'CODE', html: DOUBLING } } },
  })
  expect(created.status).toBe(201)
  const id = created.json.data.id as string
  const { result, maxLagMs } = await withLagProbe(() =>
    call('POST', '/api/template-render', {
      key,
      body: { data: { type: 'template', id, attributes: { context: {} } } },
    }),
  )
  expect(result.status).toBe(422)
  expect(result.json.errors[0]).toMatchObject({ status: 422, code: 'template_limit' })
  expect(result.json.errors[0].detail).toMatch(/million characters/)
  expect(maxLagMs).toBeLessThan(LAG_BOUND_MS)
})

async function sendEmail(html: string, firstName = 'Ada') {
  const profileId = (
    await upsertProfile(A, { email: `${firstName.toLowerCase()}-${ulid()}@x.test`, firstName }, { mode: 'import' })
  ).profile.id
  const sourceId = ulid()
  await createSends({
    companyId: A,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content: { subject: 'News', html, fromEmail: 'news@shop.example.test' },
    recipients: [{ profileId, context: {} }],
  })
  await runJobsUntilIdle()
  return db.send.findFirstOrThrow({ where: { companyId: A, sourceId } })
}

test('a send whose template hits a limit fails with the reason, and the worker keeps going', async () => {
  const { result: send, maxLagMs } = await withLagProbe(() => sendEmail(DOUBLING))
  expect(send.status).toBe('failed')
  expect(send.reason).toBe('render_error')
  expect(send.error).toMatch(/million characters/)
  expect(maxLagMs).toBeLessThan(LAG_BOUND_MS)
  const ok = await sendEmail('<p>Hi {{ first_name }}</p>', 'Bea')
  expect(ok.status).not.toBe('failed')
})

test('a send stopped by the time limit is retried later, not failed: a busy machine may have slowed it', async () => {
  const sourceId = ulid()
  await createSends({
    companyId: A,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content: { subject: 'News', html: LOOPS, fromEmail: 'news@shop.example.test' },
    recipients: [{ profileId: listProfileId, context: {} }],
  })
  await runJobsUntilIdle()
  const send = await db.send.findFirstOrThrow({ where: { companyId: A, sourceId } })
  expect(send.status).toBe('deferred')
  expect(send.attempts).toBe(1)
  expect(send.error).toMatch(new RegExp(`longer than ${RENDER_TIME_LIMIT_MS} ms`))
})

describe('the web view', () => {
  const open = (token: string) =>
    webView(new Request('http://localhost/messages/' + token), { params: Promise.resolve({ token }) })

  test('a send is rendered once: the second visit is served from the cache, not rendered again', async () => {
    clearWebViewCache()
    const send = await sendEmail('<p>Hi {{ first_name }}, version one. <img src="https://cdn.example.test/a.png"></p>')
    const token = webViewToken(A, send.id)
    const first = await open(token)
    expect(first.status).toBe(200)
    expect(await first.text()).toContain('Hi Ada, version one.')
    // were the page rendered per visit, the second would show what the Send row now says
    await db.send.update({
      where: { id: send.id },
      data: {
        content: JSON.stringify({ subject: 'News', html: '<p>version two</p>', fromEmail: 'news@shop.example.test' }),
      },
    })
    const second = await open(token)
    expect(await second.text()).toContain('Hi Ada, version one.')
    clearWebViewCache()
    expect(await (await open(token)).text()).toContain('version two')
  })

  test('a send whose template hits a limit shows a 422 page, from the cache on later visits', async () => {
    clearWebViewCache()
    const send = await sendEmail(LOOPS)
    const token = webViewToken(A, send.id)
    await db.send.update({
      where: { id: send.id },
      data: { content: JSON.stringify({ subject: 'News', html: DOUBLING, fromEmail: 'news@shop.example.test' }) },
    })
    const { result, maxLagMs } = await withLagProbe(() => open(token))
    expect(result.status).toBe(422)
    expect(await result.text()).toContain('This email cannot be shown')
    expect(maxLagMs).toBeLessThan(LAG_BOUND_MS)
    // a second visit does not render again: it is answered at once, with the same page
    const again = await withLagProbe(() => open(token))
    expect(again.result.status).toBe(422)
    expect(again.elapsedMs).toBeLessThan(100)
  })
})
