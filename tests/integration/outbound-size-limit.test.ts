/** @jest-environment node */
// Issue 29, finding 16: the catalog feed download enforced its 50 MB limit only when the answer
// declared its length. A local server here sends chunked data with no length and never ends:
// every fetcher must stop at its limit as the bytes arrive (before, the catalog feed read until
// its 30 s timeout, holding everything in memory).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fetchFeed, MAX_FEED_BYTES } from '@/lib/catalog/sources/fetch-feed'
import { fetchFeedBody } from '@/lib/web-feeds/fetch-feed'
import { fetchImageUrl } from '@/lib/templates/store/fetch-image-url'

jest.setTimeout(30_000)

let server: http.Server
let base = ''
const sent: number[] = []
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': req.url?.endsWith('.gif') ? 'image/gif' : 'application/json' }) // no content-length: chunked
    const chunk = Buffer.alloc(256 * 1024, 0x20)
    let bytes = 0
    const i = sent.push(0) - 1
    const pump = () => {
      while (!res.destroyed) {
        bytes += chunk.length
        sent[i] = bytes
        if (!res.write(chunk)) return void res.once('drain', pump)
      }
    }
    pump()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  process.env.CATALOG_FEEDS_ALLOW_PRIVATE = '1'
  process.env.WEB_FEEDS_ALLOW_PRIVATE = '1'
  process.env.IMAGE_IMPORT_ALLOW_PRIVATE = '1'
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((r) => server.close(() => r()))
})

test('the catalog feed stops at 50 MB of an endless chunked answer', async () => {
  const started = Date.now()
  await expect(fetchFeed(`${base}/feed.json`)).rejects.toThrow('The feed is larger than 50 MB.')
  expect(Date.now() - started).toBeLessThan(15_000)
  // What the server managed to write: the limit plus what the sockets' buffers held, not more.
  expect(sent.at(-1)!).toBeLessThan(MAX_FEED_BYTES + 16 * 1024 * 1024)
})

test('web feeds and image imports stop at their limits too', async () => {
  await expect(fetchFeedBody(`${base}/web.json`)).rejects.toThrow('The feed is larger than 2 MB.')
  await expect(fetchImageUrl(`${base}/pic.gif`)).rejects.toThrow('larger than 5 MB')
})
