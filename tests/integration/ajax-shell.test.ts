/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { GET as authorization } from '@/app/ajax/authorization/route'
import { GET as appShell } from '@/app/ajax/app_shell/route'
import { GET as abTests } from '@/app/ajax/account/ab_tests/route'
import { GET as currentLocale } from '@/app/ajax/current-locale/route'
import { GET as smsLocale } from '@/app/ajax/sms/current-locale/route'
import { POST as deviceId } from '@/app/ajax/device-id/route'
import { GET as hotSettings } from '@/app/ajax/account/hot-settings/route'
import { GET as companies } from '@/app/ajax/account/companies/route'
import { POST as switchCompany } from '@/app/ajax/account/switch-company/route'
import { POST as clientErrors } from '@/app/ajax/client-errors/route'
import { db } from '@/lib/db/client'
import { setErrorReporter, type ErrorReport } from '@/lib/errors/reporter'
import { ajaxRequest, CSRF, makeCompany, makeUser, signIn } from '../helpers/factory'

async function owner() {
  const c = await makeCompany('Shell Store')
  const u = await makeUser({ companyId: c.id, role: 'owner' })
  return { c, u, cookie: await signIn(u.id, c.id) }
}

describe('GET /ajax/authorization', () => {
  test('the Authorization data of seed 000 §3 and a refreshed state cookie', async () => {
    const { c, u, cookie } = await owner()
    const res = await authorization(ajaxRequest('/ajax/authorization', { cookie }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual([
      'company',
      'companyAccountManager',
      'companyName',
      'companyPlanKey',
      'companyStatus',
      'companyStatusLabel',
      'email',
      'firstName',
      'isEmailConfirmed',
      'isMasquerade',
      'lastLoginInfo',
      'lastName',
      'planLabel',
      'resources',
      'role',
      'signUpIntent',
      'staffResources',
      'userProfileId',
    ])
    expect(body).toMatchObject({
      company: c.id,
      companyName: 'Shell Store',
      companyStatus: 0,
      companyStatusLabel: 'ACTIVE',
      companyPlanKey: 'free',
      companyAccountManager: null,
      role: 'owner',
      email: u.email,
      userProfileId: u.id,
      planLabel: 'Free',
      signUpIntent: 'Free',
      isMasquerade: false,
      staffResources: [],
    })
    expect(body.resources).toEqual([...body.resources].sort())
    expect(body.resources).toContain('account_users_write')
    const state = res.headers.getSetCookie().find((s) => s.startsWith('kl_session_state='))!
    expect(decodeURIComponent(state.split(';')[0]!.split('=')[1]!)).toMatch(new RegExp(`^${c.id};${u.id};;\\d+;v2$`))
  })

  test('401 without a session', async () => {
    expect((await authorization(ajaxRequest('/ajax/authorization'))).status).toBe(401)
  })

  test('the status label and the analyst resources', async () => {
    const c = await makeCompany()
    await db.company.update({ where: { id: c.id }, data: { status: 6 } })
    const u = await makeUser({ companyId: c.id, role: 'analyst' })
    const body = await (
      await authorization(ajaxRequest('/ajax/authorization', { cookie: await signIn(u.id, c.id) }))
    ).json()
    expect(body.companyStatusLabel).toBe('DISABLED_BY_COMPLIANCE')
    expect(body.resources).not.toContain('account_users_read')
    expect(body.resources).not.toContain('billing_read')
  })
})

describe('GET /ajax/app_shell', () => {
  test('the App-shell data and the session and company context', async () => {
    const { c, cookie } = await owner()
    const res = await appShell(ajaxRequest('/ajax/app_shell?path=/flows', { cookie }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual([
      'allowedNavItems',
      'avatarColor',
      'company',
      'companyId',
      'companyName',
      'companySettingRelatedData',
      'companyStatus',
      'companyTimezone',
      'dataStatus',
      'hasKlaviyoOneSupport',
      'isCompanyDisabledByCompliance',
      'isFavoriteAccount',
      'isInternalAccount',
      'isPortfolio',
      'isTestAccount',
      'landingPageUrl',
      'navItems',
      'profile',
      'sessionState',
      'showReactShell',
      'showTrySmsButton',
      'showUpgradeButton',
    ])
    expect(Object.keys(body.allowedNavItems).sort()).toEqual(['bfcmHub', 'campaigns', 'dashboard', 'flows', 'forms'])
    expect(Object.keys(body.company).sort()).toEqual([
      'hasPaidEmailFeatures',
      'isCancelled',
      'isDeactivated',
      'isDisabled',
      'isInFailedPaymentState',
      'isScheduledForCancellation',
      'isSuspended',
      'localePreferences',
      'name',
      'scheduledCancellationProducts',
      'status',
      'statusInformation',
      'upgradeEmailTab',
    ])
    expect(Object.keys(body.profile).sort()).toEqual([
      'canSelfServeCancel',
      'canViewAccountInfoOrganizationResources',
      'canViewAccountOverviewResources',
      'canViewBillingWriteResources',
      'canViewInAppMessage',
      'canViewProfileReadResources',
      'isAuthenticated',
      'isReadOnlySharedStaffUser',
      'isStaff',
      'isStaffMasquerading',
      'isTestAccount',
      'photoUrl',
    ])
    expect(Object.keys(body.companySettingRelatedData).sort()).toEqual([
      'isCmsEnabled',
      'isFeedsEnabled',
      'isLocationAwareProductFeedsEnabled',
      'isMfaRequired',
      'isVerified',
    ])
    expect(body.dataStatus).toEqual({ placeholder: false })
    expect(body.showReactShell).toBe(true)
    expect(body.companyId).toBe(c.id)
    expect(body.company.localePreferences).toEqual({ language: 'en', region: 'US' })
    expect(body.profile.isAuthenticated).toBe(true)
    expect(body.allowedNavItems).toEqual({ bfcmHub: true, campaigns: true, dashboard: true, flows: true, forms: true })
    expect(Array.isArray(body.navItems)).toBe(true)
    expect(body.navItems.map((n: { id: string }) => n.id)).toContain('flows')
    expect(body.navItems.find((n: { id: string }) => n.id === 'flows').active).toBe(true)
  })

  test('401 without a session', async () => {
    expect((await appShell(ajaxRequest('/ajax/app_shell'))).status).toBe(401)
  })
})

test('GET /ajax/account/ab_tests: the company map with JSON values', async () => {
  const { c, cookie } = await owner()
  await db.abTestAssignment.createMany({
    data: [
      { companyId: c.id, experiment: 'new_cards', value: 'true' },
      { companyId: c.id, experiment: 'variant', value: '2' },
      { companyId: c.id, experiment: 'holdout', value: 'null' },
      { companyId: c.id, experiment: 'garbled', value: '"text"' },
    ],
  })
  const res = await abTests(ajaxRequest('/ajax/account/ab_tests', { cookie }))
  expect(await res.json()).toEqual({
    garbled: { ab_test_value: null },
    holdout: { ab_test_value: null },
    new_cards: { ab_test_value: true },
    variant: { ab_test_value: 2 },
  })
})

describe('locale endpoints', () => {
  test('current-locale: user preference, then cookie, then Accept-Language', async () => {
    const { u, cookie } = await owner()
    const get = (headers: Record<string, string>, c?: string) =>
      currentLocale(ajaxRequest('/ajax/current-locale', { cookie: c, headers })).then((r) => r.json())
    expect(await get({ 'accept-language': 'de-DE,de;q=0.9' })).toEqual({ locale: 'de-DE' })
    expect(await get({ 'accept-language': 'fr' }, 'kl_locale=it-IT')).toEqual({ locale: 'it-IT' })
    expect(await get({ 'accept-language': 'zz' })).toEqual({ locale: 'en-US' })
    await db.user.update({ where: { id: u.id }, data: { locale: 'ko' } })
    expect(await get({ 'accept-language': 'fr' }, cookie + '; kl_locale=it-IT')).toEqual({ locale: 'ko-KR' })
  })

  test('sms/current-locale ignores the user and reads cookie or Accept-Language', async () => {
    const { u, cookie } = await owner()
    await db.user.update({ where: { id: u.id }, data: { locale: 'ko-KR' } })
    const res = await smsLocale(
      ajaxRequest('/ajax/sms/current-locale', { cookie, headers: { 'accept-language': 'pt' } }),
    )
    expect(await res.json()).toEqual({ locale: 'pt-BR' })
    const viaCookie = await smsLocale(
      ajaxRequest('/ajax/sms/current-locale', { cookie: 'kl_locale=sv-SE', headers: { 'accept-language': 'pt' } }),
    )
    expect(await viaCookie.json()).toEqual({ locale: 'sv-SE' })
  })
})

test('POST /ajax/device-id: the first id is recorded, a different one is invalid', async () => {
  const { u, cookie } = await owner()
  const post = (body: unknown) =>
    deviceId(ajaxRequest('/ajax/device-id', { method: 'POST', cookie, body })).then((r) => r.json())
  expect(await post({ deviceID: 'device-a' })).toEqual({ isValidSessionDeviceID: true })
  expect(await post({ device_id: 'device-a' })).toEqual({ isValidSessionDeviceID: true })
  expect(await post({ deviceID: 'device-b' })).toEqual({ isValidSessionDeviceID: false })
  expect((await db.session.findFirstOrThrow({ where: { userId: u.id } })).deviceId).toBe('device-a')
})

test('GET /ajax/account/hot-settings: the flag map with defaults', async () => {
  const { c, cookie } = await owner()
  await db.featureFlag.create({ data: { companyId: c.id, name: 'amp', enabled: true } })
  const body = await (await hotSettings(ajaxRequest('/ajax/account/hot-settings', { cookie }))).json()
  expect(body.featureFlags).toMatchObject({ amp: true, report_builder: false })
})

describe('accounts and switching', () => {
  test('lists memberships and switches only into them; the state cookie names the new company', async () => {
    const a = await makeCompany('Alpha')
    const b = await makeCompany('Beta')
    const stranger = await makeCompany('Stranger')
    const u = await makeUser({ companyId: a.id })
    await db.membership.create({ data: { userId: u.id, companyId: b.id, role: 'analyst' } })
    const cookie = await signIn(u.id, a.id)

    const list = await (await companies(ajaxRequest('/ajax/account/companies', { cookie }))).json()
    expect(list.map((x: { name: string }) => x.name).sort()).toEqual(['Alpha', 'Beta'])
    expect(list.find((x: { id: number }) => x.id === a.id)).toMatchObject({ isCurrent: true, role: 'owner' })

    const denied = await switchCompany(
      ajaxRequest('/ajax/account/switch-company', { method: 'POST', cookie, body: { companyId: stranger.id } }),
    )
    expect(denied.status).toBe(404)

    const ok = await switchCompany(
      ajaxRequest('/ajax/account/switch-company', { method: 'POST', cookie, body: { company_id: b.id } }),
    )
    expect(ok.status).toBe(200)
    const state = ok.headers.getSetCookie().find((s) => s.startsWith('kl_session_state='))!
    expect(decodeURIComponent(state.split(';')[0]!.split('=')[1]!)).toMatch(new RegExp(`^${b.id};${u.id};`))
    const after = await (await authorization(ajaxRequest('/ajax/authorization', { cookie }))).json()
    expect(after).toMatchObject({ company: b.id, role: 'analyst' })
  })

  test('CSRF: switching without the token is 403', async () => {
    const { c, cookie } = await owner()
    const res = await switchCompany(
      ajaxRequest('/ajax/account/switch-company', {
        method: 'POST',
        cookie: cookie.replace(`kl_csrftoken=${CSRF}`, ''),
        body: { companyId: c.id },
        csrf: false,
      }),
    )
    expect(res.status).toBe(403)
  })
})

test('POST /ajax/client-errors forwards to the reporter and caps the body', async () => {
  const reports: ErrorReport[] = []
  setErrorReporter((r) => reports.push(r))
  try {
    const res = await clientErrors(
      ajaxRequest('/ajax/client-errors', { method: 'POST', body: { message: 'boom', stack: 'at x', route: '/flows' } }),
    )
    expect(res.status).toBe(200)
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ route: '/flows', extra: { source: 'browser' } })
    expect((reports[0]!.error as Error).message).toBe('boom')
    const big = await clientErrors(
      ajaxRequest('/ajax/client-errors', { method: 'POST', body: { message: 'x'.repeat(5000) } }),
    )
    expect(big.status).toBe(400)
    expect(reports).toHaveLength(1)
  } finally {
    setErrorReporter(null)
  }
})
