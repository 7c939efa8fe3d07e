/** @jest-environment node */
// The /forms/{id}/test/live preview token: round trip, one hour, tamper-proof.
import { signFormPreviewToken, verifyFormPreviewToken } from '@/lib/forms/preview-token'

const T0 = Date.UTC(2026, 10, 29, 12)

test('a fresh token names its company, form and version', () => {
  const t = signFormPreviewToken(12, 'Y6nRLr', 345, T0)
  expect(verifyFormPreviewToken(t, T0)).toEqual({ companyId: 12, formId: 'Y6nRLr', versionId: 345 })
  expect(verifyFormPreviewToken(t, T0 + 59 * 60_000)).not.toBeNull()
})

test('it expires after one hour', () => {
  const t = signFormPreviewToken(12, 'Y6nRLr', 345, T0)
  expect(verifyFormPreviewToken(t, T0 + 60 * 60_000)).toBeNull()
})

test('a changed company, form, version or expiry breaks the signature', () => {
  const t = signFormPreviewToken(12, 'Y6nRLr', 345, T0)
  const [c, f, v, e, sig] = t.split('.')
  const other = signFormPreviewToken(13, 'Y6nRLr', 345, T0).split('.')[4]
  expect(verifyFormPreviewToken([13, f, v, e, sig].join('.'), T0)).toBeNull()
  expect(verifyFormPreviewToken([c, Buffer.from('AAAAAA').toString('base64url'), v, e, sig].join('.'), T0)).toBeNull()
  expect(verifyFormPreviewToken([c, f, 346, e, sig].join('.'), T0)).toBeNull()
  expect(verifyFormPreviewToken([c, f, v, Number(e) + 3600, sig].join('.'), T0)).toBeNull()
  expect(verifyFormPreviewToken([c, f, v, e, other].join('.'), T0)).toBeNull()
})

test('garbage is null, never a throw', () => {
  for (const bad of [null, undefined, '', 'x', '1.2.3.4.5', 'a'.repeat(5000)])
    expect(verifyFormPreviewToken(bad, T0)).toBeNull()
})
