/** @jest-environment node */
// The byte-level checks of the template store: image types and sizes from their headers
// (never the name), and the import's zip reader (stored and deflated entries, damage, bombs).
import zlib from 'node:zlib'
import { sniffImage } from '@/lib/templates/store/image-sniff'
import { readZip } from '@/lib/templates/store/read-zip'
import { isBlockedAddress as isPrivateAddress } from '@/lib/net/address-policy'
import { GIF_2x3, JPEG_4x5, PNG_1x1, storedZip } from '../integration/templates-routes'

function webpLossless(w: number, h: number): Buffer {
  const b = Buffer.alloc(30)
  b.write('RIFF', 0, 'latin1')
  b.writeUInt32LE(22, 4)
  b.write('WEBP', 8, 'latin1')
  b.write('VP8L', 12, 'latin1')
  b.writeUInt32LE(10, 16)
  b[20] = 0x2f
  b.writeUInt32LE(((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14), 21)
  return b
}

test.each([
  ['png', PNG_1x1, { format: 'png', mime: 'image/png', width: 1, height: 1 }],
  ['gif', GIF_2x3, { format: 'gif', mime: 'image/gif', width: 2, height: 3 }],
  ['jpeg', JPEG_4x5, { format: 'jpeg', mime: 'image/jpeg', width: 4, height: 5 }],
  ['webp', webpLossless(640, 480), { format: 'webp', mime: 'image/webp', width: 640, height: 480 }],
])('%s is recognised by its bytes with its size', (_n, bytes, want) => {
  expect(sniffImage(bytes)).toEqual(want)
})

test.each([
  ['text', Buffer.from('just some text, named .png')],
  ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  ['html', Buffer.from('<html><script>alert(1)</script></html>')],
  ['truncated png', PNG_1x1.subarray(0, 12)],
  ['riff that is not webp', Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1')],
  ['empty', Buffer.alloc(0)],
])('%s is not an image', (_n, bytes) => {
  expect(sniffImage(bytes)).toBeNull()
})

function deflatedZip(name: string, data: Buffer, declaredSize = data.length): Buffer {
  // a stored zip, then its one entry swapped for the deflated bytes (method 8)
  const comp = zlib.deflateRawSync(data)
  const z = storedZip([{ name, data: comp }])
  const n = Buffer.byteLength(name)
  z.writeUInt16LE(8, 8)
  z.writeUInt32LE(declaredSize, 22)
  const cd = 30 + n + comp.length
  z.writeUInt16LE(8, cd + 10)
  z.writeUInt32LE(declaredSize, cd + 24)
  return z
}

test('zip: stored and deflated entries, folders skipped', () => {
  const html = Buffer.from('<p>' + 'hello '.repeat(200) + '</p>')
  expect(
    readZip(
      storedZip([
        { name: 'a/index.html', data: html },
        { name: 'a/logo.png', data: PNG_1x1 },
      ]),
    ),
  ).toEqual([
    { name: 'a/index.html', data: html },
    { name: 'a/logo.png', data: PNG_1x1 },
  ])
  expect(readZip(deflatedZip('index.html', html))).toEqual([{ name: 'index.html', data: html }])
})

test('zip: not a zip, damaged, or unpacking to more than it declares is refused with a field error', () => {
  expect(() => readZip(Buffer.from('plain text'))).toThrow(/not a zip/)
  const z = storedZip([{ name: 'x.html', data: Buffer.from('<p>x</p>') }])
  const damaged = Buffer.from(z)
  damaged.writeUInt32LE(0xdeadbeef, 0)
  expect(() => readZip(damaged)).toThrow(/damaged/)
  // a bomb that lies about its size: inflating stops at the declared size
  const bomb = deflatedZip('bomb.html', Buffer.alloc(10 * 1024 * 1024, 0x41), 100)
  expect(() => readZip(bomb)).toThrow(/damaged/)
  const tooBig = deflatedZip('big.html', Buffer.alloc(1024, 0x41), 31 * 1024 * 1024)
  expect(() => readZip(tooBig)).toThrow(/more than 30 MB/)
})

test.each([
  ['127.0.0.1', true],
  ['10.1.2.3', true],
  ['192.168.0.10', true],
  ['172.20.0.1', true],
  ['169.254.169.254', true],
  ['100.64.0.1', true],
  ['0.0.0.0', true],
  ['::1', true],
  ['fd00::1', true],
  ['fe80::1', true],
  ['::ffff:127.0.0.1', true],
  ['::ffff:7f00:1', true],
  ['::ffff:808:808', false],
  ['93.184.216.34', false],
  ['8.8.8.8', false],
  ['2606:4700::1111', false],
  ['172.32.0.1', false],
])('isPrivateAddress(%s) = %s', (ip, want) => {
  expect(isPrivateAddress(ip)).toBe(want)
})
