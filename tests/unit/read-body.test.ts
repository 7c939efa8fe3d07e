/** @jest-environment node */
// The one size-limited body reader (issue 30, code health): the table of what it refuses and how,
// and the three callers' mappings of its one error type to their own answers.
import { BodyError, readBodyText, readJson, readMultipartForm } from '@/lib/http/read-body'
import { readBody } from '@/lib/http/ajax'
import { readJsonBody } from '@/lib/api/read-json-body'
import { readMultipart } from '@/lib/http/read-multipart'
import { ApiError } from '@/lib/api/api-error'
import { AppError } from '@/lib/errors/app-error'

const LIMIT = 64

/** A request whose body is streamed with no Content-Length, so only the streamed size can refuse it. */
function streamed(body: string, type = 'application/json'): Request {
  const bytes = new TextEncoder().encode(body)
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += 16) c.enqueue(bytes.slice(i, i + 16))
      c.close()
    },
  })
  return new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: stream,
    duplex: 'half',
  } as RequestInit)
}

function sized(body: string, type = 'application/json', length = Buffer.byteLength(body)): Request {
  return new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': type, 'content-length': String(length) },
    body,
  })
}

function multipartRequest(): Request {
  const form = new FormData()
  form.set('name', 'x')
  return new Request('http://local/', { method: 'POST', body: form })
}

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    return e instanceof BodyError ? e.kind : `other: ${String(e)}`
  }
}

const big = JSON.stringify({ a: 'x'.repeat(LIMIT) })

test.each<[string, string, () => Promise<unknown>]>([
  ['over the limit by Content-Length', 'too_large', () => readJson(sized('{}', 'application/json', LIMIT + 1), LIMIT)],
  ['over the limit while streaming (no Content-Length)', 'too_large', () => readJson(streamed(big), LIMIT)],
  [
    'over the limit with a Content-Length that lies low',
    'too_large',
    () => readBodyText(sized(big, 'application/json', 2), LIMIT),
  ],
  ['bad JSON', 'bad_json', () => readJson(sized('{"a":'), LIMIT)],
  ['nesting within the depth cap', 'ok', () => readJson(sized('['.repeat(LIMIT / 2) + ']'.repeat(LIMIT / 2)), LIMIT)],
  ['an empty body', 'empty', () => readJson(sized(''), LIMIT)],
  ['a blank body', 'empty', () => readJson(sized('   '), LIMIT)],
  [
    'no body at all',
    'empty',
    () =>
      readJson(
        new Request('http://local/', { method: 'POST', headers: { 'content-type': 'application/json' } }),
        LIMIT,
      ),
  ],
  ['JSON with the wrong content type', 'wrong_type', () => readJson(sized('{}', 'text/plain'), LIMIT)],
  [
    'JSON:API content type with parameters',
    'ok',
    () => readJson(sized('{}', 'application/vnd.api+json; charset=utf-8'), LIMIT),
  ],
  ['multipart with the wrong content type', 'wrong_type', () => readMultipartForm(sized('{}'), 1024)],
  ['multipart over the limit', 'too_large', () => readMultipartForm(multipartRequest(), 8)],
  [
    'multipart that does not parse',
    'bad_multipart',
    () => readMultipartForm(sized('junk', 'multipart/form-data; boundary=zzz'), 1024),
  ],
  ['a good multipart form', 'ok', () => readMultipartForm(multipartRequest(), 1024)],
])('%s → %s', async (_name, kind, read) => {
  expect(await kindOf(read())).toBe(kind)
})

test('deeper than the depth cap is too_deep', async () => {
  const deep = '['.repeat(1000) + ']'.repeat(1000)
  expect(await kindOf(readJson(sized(deep), 10_000))).toBe('too_deep')
})

test('text and JSON come back as sent', async () => {
  expect(await readBodyText(streamed('héllo', 'text/plain'), LIMIT)).toBe('héllo')
  expect(await readJson(streamed('{"a":[1,2]}'), LIMIT)).toEqual({ a: [1, 2] })
})

describe('each caller keeps its error format', () => {
  async function thrown(p: Promise<unknown>): Promise<unknown> {
    return p.then(
      () => null,
      (e: unknown) => e,
    )
  }
  /** An ApiError as its status and first item's code. */
  async function apiError(p: Promise<unknown>): Promise<unknown> {
    const e = await thrown(p)
    return e instanceof ApiError
      ? { status: e.status, code: e.items[0]!.code, detail: e.items[0]!.detail, source: e.items[0]!.source }
      : e
  }

  test('/api: JSON:API errors (415, 413 naming the limit, 400 parse_error, 400 invalid with a pointer)', async () => {
    expect(await apiError(readJsonBody(sized('{}', 'text/plain'), LIMIT))).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
    })
    expect(await apiError(readJsonBody(sized('{}', 'application/json', 200 * 1024), 100 * 1024))).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      detail: expect.stringContaining('(100 KB)'),
    })
    expect(await apiError(readJsonBody(streamed(big), LIMIT))).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect(await apiError(readJsonBody(sized('{'), LIMIT))).toMatchObject({ status: 400, code: 'parse_error' })
    expect(await apiError(readJsonBody(sized(''), LIMIT))).toMatchObject({ status: 400, code: 'parse_error' })
    const deep = '['.repeat(1000) + ']'.repeat(1000)
    expect(await apiError(readJsonBody(sized(deep), 10_000))).toMatchObject({
      status: 400,
      code: 'invalid',
      source: { pointer: '/data' },
    })
  })

  test('/ajax: AppErrors (413, 400 invalid); an empty body is {}; a form-encoded body is an object', async () => {
    const over = await thrown(readBody(sized('{}', 'application/json', 7 * 1024 * 1024)))
    expect(over).toBeInstanceOf(AppError)
    expect(over).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect(await thrown(readBody(sized('{')))).toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'The request body is not valid JSON.',
    })
    expect(await readBody(sized(''))).toEqual({})
    expect(await readBody(new Request('http://local/', { method: 'POST' }))).toEqual({})
    expect(await readBody(sized('a=1&b=2', 'application/x-www-form-urlencoded'))).toEqual({ a: '1', b: '2' })
  })

  test('uploads: AppErrors (415, 413 in MB, 400)', async () => {
    expect(await thrown(readMultipart(sized('{}'), 1024))).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
    })
    expect(await thrown(readMultipart(multipartRequest(), 8))).toMatchObject({ status: 413, code: 'payload_too_large' })
    expect(await thrown(readMultipart(sized('junk', 'multipart/form-data; boundary=zzz'), 1024))).toMatchObject({
      status: 400,
    })
    expect((await readMultipart(multipartRequest(), 1024)).get('name')).toBe('x')
  })
})
