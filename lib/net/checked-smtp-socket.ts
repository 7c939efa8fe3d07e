// Nodemailer's getSocket hook for SMTP servers a tenant names (/settings/email): the connection
// is opened by connect-checked, so an SMTP host gets the same address rules as any URL a tenant
// chooses (SMTP_ALLOW_PRIVATE=1 for a relay on this machine or its network). Nodemailer then
// speaks SMTP over it, starting TLS itself for port 465 and verifying the host name.
import type { Socket } from 'node:net'
import { connectChecked } from './connect-checked'

interface SocketOptions {
  host?: string
  port?: number | string
  secure?: boolean
  connectionTimeout?: number
}

export function checkedSmtpSocket(
  options: SocketOptions,
  callback: (err: Error | null, socketOptions?: { connection: Socket }) => void,
): void {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.connectionTimeout ?? 15_000)
  const port = Number(options.port) || (options.secure ? 465 : 587)
  connectChecked({
    host: (options.host ?? '').replace(/^\[|\]$/g, ''),
    port,
    purpose: 'smtp',
    signal: controller.signal,
  }).then(
    (connection) => {
      clearTimeout(timer)
      callback(null, { connection })
    },
    (e: Error) => {
      clearTimeout(timer)
      callback(e)
    },
  )
}
