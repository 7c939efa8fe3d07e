/** @jest-environment node */
// Issue 29, finding 6: the SMTP "Test connection" button was a port scanner. It told a closed
// port (ECONNREFUSED) from a filtered one (timeout) from an open one running something else (and
// echoed that service's banner). Now: private addresses are refused unless SMTP_ALLOW_PRIVATE=1
// (a relay on this machine), and every failure but a refused sign-in reads the same.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import net from 'node:net'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { POST as smtpTest } from '@/app/ajax/account/email/smtp-test/route'
import { SMTP_PRIVATE, SMTP_UNREACHABLE, testSmtpConnection } from '@/lib/messaging/email-settings/test-smtp-connection'
import type { EmailSettingsInput } from '@/lib/messaging/email-settings/email-settings'

const BANNER = 'SSH-2.0-OpenSSH_9.6 build-host-7.internal'
const servers: net.Server[] = []

async function listen(onConnection: (s: net.Socket) => void): Promise<number> {
  const server = net.createServer(onConnection)
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.address() as net.AddressInfo).port
}
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))))
})

let cookie = ''
let companyId = 0
beforeAll(async () => {
  const co = await makeCompany()
  companyId = co.id
  cookie = await signIn((await makeUser({ companyId: co.id, role: 'owner' })).id, co.id)
})
beforeEach(() => {
  process.env.SMTP_ALLOW_PRIVATE = '1'
})

async function test_(host: string, port: number) {
  const res = await smtpTest(
    ajaxRequest('/ajax/account/email/smtp-test', {
      method: 'POST',
      cookie,
      body: { smtp_host: host, smtp_port: port },
    }),
  )
  expect(res.status).toBe(200)
  return (await res.json()).result as { ok: boolean; message: string }
}

test('a closed port, a port open to another service and a port that never greets read the same', async () => {
  const closed = await listen(() => {})
  await new Promise<void>((r) => servers.pop()!.close(() => r()))
  const ssh = await listen((s) => s.end(`${BANNER}\r\n`))
  const http = await listen((s) => s.end('HTTP/1.1 400 Bad Request\r\nServer: internal-admin/1.0\r\n\r\n'))
  const silent = await listen(() => {})

  const answers = [await test_('127.0.0.1', closed), await test_('127.0.0.1', ssh), await test_('127.0.0.1', http)]
  const v = {
    smtpHost: '127.0.0.1',
    smtpPort: silent,
    smtpSecure: false,
    smtpUser: '',
    clearSmtpPassword: true,
  } as unknown as EmailSettingsInput
  answers.push(await testSmtpConnection(companyId, v, 1500))
  for (const a of answers) expect(a).toEqual({ ok: false, message: SMTP_UNREACHABLE })
  expect(JSON.stringify(answers)).not.toMatch(/SSH|internal|ECONNREFUSED|ETIMEDOUT|greeting/i)
})

test('without SMTP_ALLOW_PRIVATE a private or loopback host is refused before any connection', async () => {
  delete process.env.SMTP_ALLOW_PRIVATE
  let connections = 0
  const port = await listen((s) => {
    connections++
    s.end('220 ready\r\n')
  })
  expect(await test_('127.0.0.1', port)).toEqual({ ok: false, message: SMTP_PRIVATE })
  expect(await test_('10.20.30.40', 25)).toEqual({ ok: false, message: SMTP_PRIVATE })
  expect(connections).toBe(0)
})
