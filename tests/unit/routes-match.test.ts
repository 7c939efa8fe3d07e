/** @jest-environment node */
import { matchRoute, isRegisteredPath } from '@/lib/routes/match'

const pathOf = (p: string) => matchRoute(p)?.route.path ?? null
const paramsOf = (p: string) => matchRoute(p)?.params ?? null

describe('literal segments beat parameters', () => {
  test.each([
    ['/lists/create', '/lists/create'],
    ['/flows/create', '/flows/create'],
    ['/flows/create/with-ai', '/flows/create/with-ai'],
    ['/flow/playground', '/flow/playground'],
    ['/forms/create', '/forms/create'],
    ['/forms/f1', '/forms/:formId'],
    ['/campaigns/library', '/campaigns/library'],
    ['/campaigns/list', '/campaigns/:view?'],
    ['/campaign/template/4/content/text', '/campaign/template/:templateId/content/text'],
    ['/list/5/embed', '/list/:listId/embed'],
    ['/list/5/my-list', '/list/:listId/:slug'],
    ['/list/5/my-list/progress', '/list/:listId/:slug/progress'],
    ['/list/5/import/history', '/list/:listId/import/history'],
    ['/profile/5/metrics', '/profile/:profileId/metrics'],
    ['/profile/5/someone@example.com', '/profile/:profileId/:profileEmail?'],
    ['/reviews/dashboard', '/reviews/dashboard'],
    ['/reviews/best-sellers', '/reviews/:slug?'],
    ['/integration/upload-csv', '/integration/upload-csv'],
    ['/integration/shopify', '/integration/:integrationKey'],
    ['/manage-apps/create', '/manage-apps/create'],
    ['/manage-apps/app-1', '/manage-apps/:appId'],
    ['/analytics/metrics', '/analytics/metrics'],
    ['/analytics/overview', '/analytics/:analyticsTabName'],
    ['/customer-insights/cohort/4', '/customer-insights/cohort/:reportId'],
  ])('%s → %s', (path, pattern) => expect(pathOf(path)).toBe(pattern))

  test('a literal branch that dead-ends falls back to a parameter (backtracking)', () => {
    // 'import' is a literal child of /list/:listId, but /import/progress only fits :slug/progress.
    expect(pathOf('/list/5/import/progress')).toBe('/list/:listId/:slug/progress')
    expect(paramsOf('/list/5/import/progress')).toEqual({ listId: '5', slug: 'import' })
    // Any path ending /{x}/info is the public info page.
    expect(pathOf('/abc123/info')).toBe('/:publicId/info')
    expect(pathOf('/settings/info')).toBe('/:publicId/info')
  })
})

describe('parameters', () => {
  test('named parameters are returned', () => {
    expect(paramsOf('/account/reset/12/set-abc')).toEqual({ uid: '12', token: 'set-abc' })
    expect(paramsOf('/list/9/reports/growth')).toEqual({ groupId: '9' })
    expect(paramsOf('/analytics/report/9/history')).toEqual({ reportId: '9' })
    expect(paramsOf('/analytics/report/9')).toEqual({ id: '9' })
  })

  test('optional trailing parameters', () => {
    expect(matchRoute('/campaign/7/wizard')).toMatchObject({
      route: { path: '/campaign/:campaignId/wizard/:step?' },
      params: { campaignId: '7' },
    })
    expect(paramsOf('/campaign/7/wizard')).not.toHaveProperty('step')
    expect(paramsOf('/campaign/7/wizard/content')).toEqual({ campaignId: '7', step: 'content' })
    expect(paramsOf('/profile/5')).toEqual({ profileId: '5' })
    expect(paramsOf('/objects/build/fields')).toEqual({ buildOrEdit: 'build', step: 'fields' })
    expect(paramsOf('/objects/edit/fields/o1')).toEqual({ buildOrEdit: 'edit', step: 'fields', objectId: 'o1' })
    expect(paramsOf('/notification/push/m1/preview/r9')).toEqual({
      messageType: 'push',
      messageId: 'm1',
      action: 'preview',
      recipientId: 'r9',
    })
    expect(pathOf('/campaign/7/wizard/a/b')).toBeNull()
  })

  test('a ".json" suffix segment', () => {
    expect(matchRoute('/flow/Xy12.json')).toEqual({
      route: expect.objectContaining({ path: '/flow/:flowId.json' }),
      params: { flowId: 'Xy12' },
    })
    expect(pathOf('/flow/.json')).toBeNull()
    expect(pathOf('/flow/Xy12.jsonx')).toBeNull()
    expect(pathOf('/flow/Xy12')).toBeNull()
    expect(pathOf('/flow/Xy12/edit')).toBe('/flow/:flowId/edit')
  })

  test('parameters are percent-decoded', () => {
    expect(paramsOf('/profile/5/a%40b.com')).toEqual({ profileId: '5', profileEmail: 'a@b.com' })
    expect(paramsOf('/list/5/caf%C3%A9')).toEqual({ listId: '5', slug: 'café' })
    // An encoded slash stays inside its segment.
    expect(paramsOf('/list/5/a%2Fb')).toEqual({ listId: '5', slug: 'a/b' })
  })

  test('a malformed escape gives no match and never throws', () => {
    for (const p of ['/list/5/%E0%A4%A', '/profile/%', '/flow/%zz.json', '/%C0%AF/info', '/lists/%']) {
      expect(() => matchRoute(p)).not.toThrow()
      expect(matchRoute(p)).toBeNull()
    }
  })
})

describe('path forms', () => {
  test('a trailing slash is tolerated', () => {
    expect(pathOf('/flows/')).toBe('/flows')
    expect(pathOf('/list/5/embed/')).toBe('/list/:listId/embed')
    expect(pathOf('/campaign/7/wizard/')).toBe('/campaign/:campaignId/wizard/:step?')
  })

  test('query and hash are ignored', () => {
    expect(pathOf('/flows?sort=name#top')).toBe('/flows')
  })

  test('unknown, empty-segment, relative and root paths do not match', () => {
    for (const p of [
      '/',
      '',
      'flows',
      '/nope',
      '/flows//create',
      '/flows/create/nothing-here',
      '/FLOWS',
      '/tags',
      '/feeds',
    ]) {
      expect(pathOf(p)).toBeNull()
    }
  })

  test('isRegisteredPath knows routes and redirect sources', () => {
    expect(isRegisteredPath('/flows')).toBe(true)
    expect(isRegisteredPath('/tags')).toBe(true)
    expect(isRegisteredPath('/dashboard-templates?x=1')).toBe(true)
    expect(isRegisteredPath('/no/such/page')).toBe(false)
  })
})
