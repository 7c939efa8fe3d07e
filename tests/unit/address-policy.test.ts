// The outbound address rule (issue 29, finding 5): which addresses the server may connect to on a
// tenant's behalf, and how URLs written to disguise loopback are read (WHATWG URL turns decimal,
// octal and hex IPv4 into dotted form, and writes IPv4-mapped IPv6 in hex).
import { isBlockedAddress } from '@/lib/net/address-policy'
import { outboundUrlProblem } from '@/lib/net/safe-fetch'

test.each([
  // IPv4 special ranges
  ['0.0.0.0', true],
  ['0.1.2.3', true],
  ['10.0.0.1', true],
  ['100.64.0.1', true],
  ['100.127.255.255', true],
  ['127.0.0.1', true],
  ['127.255.0.9', true],
  ['169.254.169.254', true],
  ['172.16.0.1', true],
  ['172.31.255.255', true],
  ['192.0.0.8', true],
  ['192.168.1.1', true],
  ['198.18.0.1', true],
  ['198.19.255.255', true],
  ['224.0.0.1', true],
  ['239.255.255.250', true],
  ['240.0.0.1', true],
  ['255.255.255.255', true],
  ['100.63.255.255', false],
  ['100.128.0.0', false],
  ['172.15.255.255', false],
  ['172.32.0.0', false],
  ['198.20.0.1', false],
  ['8.8.8.8', false],
  ['93.184.216.34', false],
  // IPv6 and IPv4 inside it
  ['::', true],
  ['::1', true],
  ['::ffff:127.0.0.1', true],
  ['::ffff:7f00:1', true],
  ['::ffff:a9fe:a9fe', true],
  ['::ffff:808:808', false],
  ['::127.0.0.1', true],
  ['::7f00:1', true],
  ['::ffff:0:7f00:1', true],
  ['64:ff9b::7f00:1', true],
  ['64:ff9b::a00:1', true],
  ['64:ff9b::808:808', false],
  ['64:ff9b:1::1', true],
  ['2002:7f00:1::1', true],
  ['2002:c0a8:101::1', true],
  ['2002:808:808::1', false],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', true], // Teredo, client 127.0.0.1 (inverted)
  ['fc00::1', true],
  ['fd12:3456::1', true],
  ['fe80::1', true],
  ['fe80::1%eth0', true],
  ['febf::1', true],
  ['ff02::1', true],
  ['2001:db8::1', true],
  ['2606:4700::1111', false],
  ['2a00:1450:4001::200e', false],
  // not an address at all
  ['example.com', true],
  ['', true],
])('isBlockedAddress(%s) = %s', (ip, want) => {
  expect(isBlockedAddress(ip)).toBe(want)
})

test.each([
  ['http://2130706433/', '127.0.0.1'],
  ['http://0177.0.0.1/', '127.0.0.1'],
  ['http://0x7f.1/', '127.0.0.1'],
  ['http://0x7f000001/', '127.0.0.1'],
  ['http://127.1/', '127.0.0.1'],
  ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
])('WHATWG URL reads %s as host %s, and the rule refuses it', (url, host) => {
  expect(new URL(url).hostname).toBe(host)
  expect(outboundUrlProblem(url, 'image')).toBe('The address points to a private network address.')
})

test('https-only purposes refuse http unless the operator allows private targets; credentials in a URL are refused', () => {
  delete process.env.PROVIDERS_ALLOW_PRIVATE
  expect(outboundUrlProblem('http://api.example.com', 'provider', { httpsOnly: true, label: 'The base URL' })).toBe(
    'The base URL must start with https://.',
  )
  expect(outboundUrlProblem('https://api.example.com', 'provider', { httpsOnly: true })).toBeNull()
  expect(outboundUrlProblem('https://localhost:8443', 'provider', { httpsOnly: true })).toBe(
    'The address points to a private network address.',
  )
  expect(outboundUrlProblem('https://u:p@api.example.com', 'provider', { httpsOnly: true })).toBe(
    'The address must not contain a user name or password.',
  )
  expect(outboundUrlProblem('ftp://api.example.com', 'image')).toBe('The address must start with https:// or http://.')
  process.env.PROVIDERS_ALLOW_PRIVATE = '1'
  expect(outboundUrlProblem('http://127.0.0.1:9', 'provider', { httpsOnly: true })).toBeNull()
  delete process.env.PROVIDERS_ALLOW_PRIVATE
})
