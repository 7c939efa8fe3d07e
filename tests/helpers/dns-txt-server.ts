// A tiny authoritative DNS server over UDP on 127.0.0.1 that answers TXT questions from a map
// (name → TXT strings) and NXDOMAIN otherwise: lets the "check DNS" action of the sending
// domains run against real DNS packets (node:dns with DNS_SERVERS=127.0.0.1:<port>).
import dgram from 'node:dgram'

export interface DnsTxtServer {
  port: number
  records: Map<string, string[]>
  close(): Promise<void>
}

function readName(msg: Buffer, at: number): { name: string; end: number } {
  const labels: string[] = []
  let i = at
  while (msg[i]! > 0) {
    const len = msg[i]!
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'))
    i += len + 1
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 }
}

function txtRdata(value: string): Buffer {
  const parts: Buffer[] = []
  const bytes = Buffer.from(value, 'utf8')
  for (let i = 0; i < bytes.length; i += 255) {
    const chunk = bytes.subarray(i, i + 255)
    parts.push(Buffer.from([chunk.length]), chunk)
  }
  return Buffer.concat(parts)
}

export async function startDnsTxtServer(records: Record<string, string[]> = {}): Promise<DnsTxtServer> {
  const map = new Map(Object.entries(records).map(([k, v]) => [k.toLowerCase(), v]))
  const socket = dgram.createSocket('udp4')
  socket.on('message', (msg, rinfo) => {
    const { name, end } = readName(msg, 12)
    const qtype = msg.readUInt16BE(end)
    const question = msg.subarray(12, end + 4)
    const values = qtype === 16 ? (map.get(name) ?? null) : null
    const answers = (values ?? []).map((v) => {
      const rdata = txtRdata(v)
      const rr = Buffer.alloc(12)
      rr.writeUInt16BE(0xc00c, 0) // pointer to the question's name
      rr.writeUInt16BE(16, 2) // TXT
      rr.writeUInt16BE(1, 4) // IN
      rr.writeUInt32BE(60, 6)
      rr.writeUInt16BE(rdata.length, 10)
      return Buffer.concat([rr, rdata])
    })
    const header = Buffer.alloc(12)
    header.writeUInt16BE(msg.readUInt16BE(0), 0)
    const nameKnown = [...map.keys()].some((k) => k === name)
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | (nameKnown ? 0 : 3), 2) // QR, AA, RD copied, NXDOMAIN when unknown
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length, 6)
    socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return {
    port: socket.address().port,
    records: map,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
