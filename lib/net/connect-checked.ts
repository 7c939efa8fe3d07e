// Opening a connection only to an address the policy allows. The host is resolved here, every
// address it resolves to is checked, and the socket is opened to one of those exact addresses:
// the check and the connection see the same answer, so a second DNS answer (rebinding) cannot
// slip a private address in between. IP literals (WHATWG URL has already turned decimal, octal
// and hex IPv4 forms into dotted ones) are checked the same way.
//
// DNS_SERVERS (comma-separated ip[:port]) makes the names resolve through those servers instead
// of the system resolver, as the sending-domain check does.
import dns from 'node:dns'
import net from 'node:net'
import tls from 'node:tls'
import { allowsPrivate, isBlockedAddress, type OutboundPurpose } from './address-policy'

export type OutboundErrorKind =
  'invalid_url' | 'blocked' | 'unresolved' | 'unreachable' | 'timeout' | 'too_large' | 'redirects' | 'failed'

/** Why an outbound request failed; `message` is safe to show, it never carries a remote answer. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    /** The system code (ECONNREFUSED, ETIMEDOUT …) when there is one. */
    readonly code?: string,
    /** Whether the request had been written to the other side when it failed. */
    readonly sent = false,
  ) {
    super(message)
    this.name = 'OutboundError'
  }
}

function resolverServers(): string[] | null {
  const list = process.env.DNS_SERVERS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return list?.length ? list : null
}

/** Every address of a host name (or the literal itself). */
export async function resolveHost(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host]
  const servers = resolverServers()
  if (servers) {
    const r = new dns.promises.Resolver({ timeout: 3000, tries: 1 })
    r.setServers(servers)
    const [v4, v6] = await Promise.allSettled([r.resolve4(host), r.resolve6(host)])
    const all = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])]
    if (!all.length) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' })
    return all
  }
  return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address)
}

/** The addresses the purpose may connect to; throws OutboundError 'blocked' or 'unresolved'. */
export async function checkedAddresses(host: string, purpose: OutboundPurpose): Promise<string[]> {
  let addresses: string[]
  try {
    addresses = await resolveHost(host)
  } catch (e) {
    throw new OutboundError(
      'unresolved',
      `The host ${host} could not be resolved.`,
      (e as { code?: string }).code ?? 'ENOTFOUND',
    )
  }
  // One private answer among public ones refuses the whole name: a mixed answer is a trick, not an accident.
  if (!allowsPrivate(purpose) && addresses.some(isBlockedAddress)) {
    throw new OutboundError('blocked', `The host ${host} resolves to a private address.`, 'EBLOCKED')
  }
  return addresses
}

export interface ConnectTarget {
  host: string
  port: number
  purpose: OutboundPurpose
  /** TLS from the first byte, verified against the host name (not the address). */
  tls?: boolean
  signal?: AbortSignal
}

function connectOnce(address: string, t: ConnectTarget): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = t.tls
      ? tls.connect({
          host: address,
          port: t.port,
          servername: net.isIP(t.host) ? undefined : t.host,
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect({ host: address, port: t.port })
    const onAbort = () => socket.destroy(Object.assign(new Error('aborted'), { code: 'ABORT_ERR' }))
    t.signal?.addEventListener('abort', onAbort, { once: true })
    const done = (err: Error | null) => {
      t.signal?.removeEventListener('abort', onAbort)
      socket.off('error', done)
      if (err) return reject(err)
      // The address actually connected to, checked once more before a byte is written.
      if (!allowsPrivate(t.purpose) && isBlockedAddress(socket.remoteAddress ?? '')) {
        socket.destroy()
        return reject(new OutboundError('blocked', `The host ${t.host} resolves to a private address.`, 'EBLOCKED'))
      }
      resolve(socket)
    }
    socket.once(t.tls ? 'secureConnect' : 'connect', () => done(null))
    socket.once('error', done)
    if (t.signal?.aborted) onAbort()
  })
}

/** A connected socket to a checked address of the host (each address tried in turn). */
export async function connectChecked(t: ConnectTarget): Promise<net.Socket> {
  const addresses = await checkedAddresses(t.host, t.purpose)
  let last: unknown
  for (const address of addresses) {
    try {
      return await connectOnce(address, t)
    } catch (e) {
      last = e
      const code = (e as { code?: string }).code
      // Only "nobody there" moves on to the next address; TLS or policy failures end it.
      if (
        e instanceof OutboundError ||
        !['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'].includes(code ?? '')
      )
        break
    }
  }
  throw last
}
