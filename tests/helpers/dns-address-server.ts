// A tiny authoritative DNS server over UDP on 127.0.0.1 that answers A and AAAA questions from a
// map (name → addresses) and NXDOMAIN otherwise: a stand-in for a hostile name server whose
// public-looking names resolve to loopback or private addresses (node:dns with
// DNS_SERVERS=127.0.0.1:<port>, which lib/net honours). The TXT twin is dns-txt-server.ts.
import dgram from 'node:dgram'
import net from 'node:net'

export interface DnsAddressServer {
  port: number
  records: Map<string, string[]>
  /** Questions asked, "<name> <A|AAAA>". */
  asked: string[]
  close(): Promise<void>
}

function readName(msg: Buffer, at: number): { name: string; end: number } {
  const labels: string[] = []
  let i = at
  while (msg[i]! > 0) {
    labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString('ascii'))
    i += msg[i]! + 1
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 }
}

function rdata(address: string): Buffer {
  if (net.isIPv4(address)) return Buffer.from(address.split('.').map(Number))
  const [head, tail = ''] = address.split('::')
  const a = head ? head.split(':') : []
  const b = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...a, ...new Array(8 - a.length - b.length).fill('0'), ...b] : a
  const out = Buffer.alloc(16)
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2))
  return out
}

export async function startDnsAddressServer(records: Record<string, string[]> = {}): Promise<DnsAddressServer> {
  const map = new Map(Object.entries(records).map(([k, v]) => [k.toLowerCase(), v]))
  const asked: string[] = []
  const socket = dgram.createSocket('udp4')
  socket.on('message', (msg, rinfo) => {
    const { name, end } = readName(msg, 12)
    const qtype = msg.readUInt16BE(end)
    asked.push(`${name} ${qtype === 1 ? 'A' : qtype === 28 ? 'AAAA' : qtype}`)
    const wanted = (map.get(name) ?? []).filter((a) =>
      qtype === 1 ? net.isIPv4(a) : qtype === 28 ? net.isIPv6(a) : false,
    )
    const answers = wanted.map((a) => {
      const data = rdata(a)
      const rr = Buffer.alloc(12)
      rr.writeUInt16BE(0xc00c, 0) // pointer to the question's name
      rr.writeUInt16BE(qtype, 2)
      rr.writeUInt16BE(1, 4) // IN
      rr.writeUInt32BE(0, 6) // TTL 0: every question is asked again
      rr.writeUInt16BE(data.length, 10)
      return Buffer.concat([rr, data])
    })
    const header = Buffer.alloc(12)
    header.writeUInt16BE(msg.readUInt16BE(0), 0)
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | (map.has(name) ? 0 : 3), 2) // QR, AA, RD copied, NXDOMAIN when unknown
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length, 6)
    socket.send(Buffer.concat([header, msg.subarray(12, end + 4), ...answers]), rinfo.port, rinfo.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return {
    port: socket.address().port,
    records: map,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
