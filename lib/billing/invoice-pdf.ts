// An invoice as a small PDF, written by hand (PDF 1.4, one page, the standard Helvetica font,
// so no font is embedded and no library is needed): the seller, the billing address and
// company information, the lines, tax and total.
import type { InvoiceView } from './invoices'

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`

/** PDF string literal: backslash, parentheses escaped; anything outside printable ASCII replaced. */
const pdfText = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (c) => '\\' + c)

export function invoicePdf(inv: InvoiceView, seller: { name: string }, company: { name: string }): Buffer {
  const lines: Array<[number, string, number]> = []
  let y = 800
  const put = (text: string, size = 10) => {
    lines.push([y, text, size])
    y -= size + 6
  }
  put(`Invoice ${inv.number}`, 18)
  put(`${seller.name}`, 10)
  y -= 8
  put(`Billed to: ${inv.billTo?.companyName ?? company.name}`)
  for (const k of ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const)
    if (inv.billTo?.[k]) put(String(inv.billTo[k]))
  if (inv.billTo?.taxId) put(`Tax ID: ${inv.billTo.taxId}`)
  y -= 8
  put(`Issued: ${inv.issuedAt.slice(0, 10)}   Period: ${inv.periodStart.slice(0, 10)} to ${inv.periodEnd.slice(0, 10)}`)
  put(`Status: ${inv.status}`)
  y -= 8
  for (const l of inv.lines) put(`${l.description}  ${money(l.amountCents, inv.currency)}`)
  y -= 8
  put(`Subtotal: ${money(inv.subtotalCents, inv.currency)}`)
  put(`Tax (${(inv.taxRateBps / 100).toFixed(2)} %): ${money(inv.taxCents, inv.currency)}`)
  put(`Total: ${money(inv.totalCents, inv.currency)}`, 12)

  const content = lines.map(([ly, text, size]) => `BT /F1 ${size} Tf 50 ${ly} Td (${pdfText(text)}) Tj ET`).join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
