// A real SMTP server on 127.0.0.1 (npm smtp-server) that keeps what it receives: for tests of
// the email settings and DKIM. With `auth`, it requires that user and password (AUTH PLAIN/LOGIN
// over the plain connection, allowed here because it is local).
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface SinkMail {
  from: string
  to: string[]
  raw: string
  user: string | null
  at: number
}

export interface SmtpSink {
  host: string
  port: number
  url: string
  mails: SinkMail[]
  logins: Array<{ user: string; ok: boolean }>
  close(): Promise<void>
}

export async function startSmtpSink(o: { auth?: { user: string; pass: string } } = {}): Promise<SmtpSink> {
  const mails: SinkMail[] = []
  const logins: SmtpSink['logins'] = []
  const server = new SMTPServer({
    authOptional: !o.auth,
    allowInsecureAuth: true,
    disabledCommands: o.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = !!o.auth && auth.username === o.auth.user && auth.password === o.auth.pass
      logins.push({ user: auth.username ?? '', ok })
      if (!ok)
        return callback(Object.assign(new Error('535 5.7.8 Authentication credentials invalid'), { responseCode: 535 }))
      callback(null, { user: auth.username })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: (session.user as string | undefined) ?? null,
          at: Date.now(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    host: '127.0.0.1',
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A header of a raw message, folded lines joined. */
export function headerOf(raw: string, name: string): string | undefined {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(name.toLowerCase() + ':'))
    ?.slice(name.length + 1)
    .trim()
}
