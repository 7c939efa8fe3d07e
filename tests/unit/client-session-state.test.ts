import { parseSessionState, readSessionCookie } from '@/lib/client/session-state'

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0)

describe('parseSessionState (seed 000 §4 "Session parsing")', () => {
  it('v2 without an expiry is authenticated with no expiry', () => {
    expect(parseSessionState('7;42;;;v2', NOW)).toEqual({ companyId: 7, userProfileId: 42, kind: 'authenticated' })
  })

  it('v2 with seconds expires that long from now', () => {
    expect(parseSessionState('7;42;;3600;v2', NOW)).toEqual({
      companyId: 7,
      userProfileId: 42,
      kind: 'authenticated',
      expirationTimeUTC: NOW + 3_600_000,
      timeLeftToExpireInMs: 3_600_000,
    })
  })

  it('v2 with zero seconds left is expired', () => {
    expect(parseSessionState('7;42;;0;v2', NOW).kind).toBe('expired')
  })

  it('without v2 a numeric third element is an absolute expiry (Unix seconds)', () => {
    const at = NOW / 1000 + 600
    expect(parseSessionState(`7;42;${at};;`, NOW)).toEqual({
      companyId: 7,
      userProfileId: 42,
      kind: 'authenticated',
      expirationTimeUTC: NOW + 600_000,
      timeLeftToExpireInMs: 600_000,
    })
  })

  it('without v2 a numeric third element in milliseconds is read as milliseconds', () => {
    const r = parseSessionState(`7;42;${NOW + 5000}`, NOW)
    expect(r.expirationTimeUTC).toBe(NOW + 5000)
    expect(r.timeLeftToExpireInMs).toBe(5000)
  })

  it('without v2 the seconds-to-expiry element is ignored', () => {
    expect(parseSessionState('7;42;;3600;v1', NOW)).toEqual({ companyId: 7, userProfileId: 42, kind: 'authenticated' })
  })

  it('without v2 a non-numeric third element means no expiry', () => {
    expect(parseSessionState('7;42;masquerade;;', NOW)).toEqual({
      companyId: 7,
      userProfileId: 42,
      kind: 'authenticated',
    })
  })

  it('an absolute expiry in the past is expired', () => {
    const r = parseSessionState(`7;42;${NOW / 1000 - 1}`, NOW)
    expect(r.kind).toBe('expired')
    expect(r.timeLeftToExpireInMs).toBe(0)
  })

  it('a missing company means expired', () => {
    expect(parseSessionState(';42;;3600;v2', NOW)).toEqual({ companyId: null, userProfileId: 42, kind: 'expired' })
  })

  it('a missing user means expired', () => {
    expect(parseSessionState('7;;;3600;v2', NOW)).toEqual({ companyId: 7, userProfileId: null, kind: 'expired' })
  })

  it('garbage is expired, not authenticated', () => {
    expect(parseSessionState('garbage', NOW).kind).toBe('expired')
    expect(parseSessionState('a;b;c;d;v2', NOW).kind).toBe('expired')
    expect(parseSessionState(';;;;', NOW).kind).toBe('expired')
  })

  it('no value at all is logged-out', () => {
    expect(parseSessionState('', NOW).kind).toBe('logged-out')
    expect(parseSessionState(undefined, NOW).kind).toBe('logged-out')
  })

  it('readSessionCookie decodes the kl_session_state cookie', () => {
    const cookie = `other=1; kl_session_state=${encodeURIComponent('7;42;;60;v2')}; kl_csrftoken=x`
    expect(readSessionCookie(NOW, cookie)).toMatchObject({
      companyId: 7,
      userProfileId: 42,
      kind: 'authenticated',
      expirationTimeUTC: NOW + 60_000,
    })
    expect(readSessionCookie(NOW, 'x=1').kind).toBe('logged-out')
  })
})
