/** @jest-environment node */
// Dead ends (issue 12 §4): every in-app link that a screen's code writes, the user menu, the
// not-available and no-access screens' "Contact support", and each navigation section that has a
// built screen lead to a built screen, never to "isn't available yet". Paths are read from the
// source (href, push, url, template literals with sample ids), so a new link to an unbuilt area
// fails here.
import fs from 'node:fs'
import path from 'node:path'
import { matchRoute } from '@/lib/routes/match'
import { buildNavItems } from '@/lib/routes/nav'
import { resourcesForRole } from '@/lib/auth/roles'

const ROOT = path.resolve(__dirname, '../..')

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    if (d.isDirectory()) return filesUnder(p)
    return /\.(tsx?|mts)$/.test(d.name) ? [p] : []
  })
}

// href="/x", href={'/x'}, href: '/x', url: '/x', push('/x'), replace('/x'), href={`/x/${id}`}, `/list/${…}`.
const LINK = /(?:href|url|push|replace|assign)\s*(?:=\s*\{?|:\s*|\(\s*)(['"`])(\/[^'"`\s]*)\1/g
const TEMPLATE_PATH = /`(\/(?:list|profile|metric|support|people|lists|settings|downloads|analytics)\/[^`]*)`/g

function linksIn(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  const out = new Set<string>()
  for (const m of text.matchAll(LINK)) out.add(m[2]!)
  for (const m of text.matchAll(TEMPLATE_PATH)) out.add(m[1]!)
  return (
    [...out]
      // A placeholder that is a whole segment is a sample id; one glued to the end is a query or hash (`?next=…`).
      .map(
        (p) =>
          p
            .replace(/\/\$\{[^}]*\}/g, '/X1a2b3')
            .replace(/\$\{[^}]*\}/g, '')
            .split(/[?#]/, 1)[0]!,
      )
      .filter((p) => p !== '/' && !/^\/(ajax|api|client|_next)\//.test(p) && !p.startsWith('//'))
  )
}

const sources = [...filesUnder(path.join(ROOT, 'components')), ...filesUnder(path.join(ROOT, 'lib/client'))]

test('the scan finds the links it is meant to check', () => {
  const all = sources.flatMap(linksIn)
  for (const p of ['/dashboard', '/support', '/settings/account/security', '/lists/create/segment', '/profile/X1a2b3'])
    expect(all).toContain(p)
})

test('every in-app link written by a screen reaches a built screen', () => {
  const dead = sources.flatMap((file) =>
    linksIn(file)
      .filter((p) => matchRoute(p)?.route.built !== true)
      .map((p) => `${path.relative(ROOT, file)}: ${p} → ${matchRoute(p)?.route.path ?? 'unregistered'}`),
  )
  expect(dead).toEqual([])
})

test('the user menu links to profile settings, security and help and support', () => {
  const header = fs.readFileSync(path.join(ROOT, 'components/shell/header.tsx'), 'utf8')
  expect(linksIn(path.join(ROOT, 'components/shell/header.tsx'))).toEqual(
    expect.arrayContaining(['/settings/account/personal', '/settings/account/security', '/support']),
  )
  expect(header).toContain("t('personalSettings')")
  expect(header).toContain("t('support')")
})

test('a navigation section with a built screen leads to a built screen', () => {
  for (const role of ['owner', 'admin', 'manager', 'analyst', 'support'] as const) {
    const nav = buildNavItems(new Set(resourcesForRole(role)), {})
    for (const item of nav) {
      const builtChild = item.children.find((c) => matchRoute(c.url)?.route.built)
      if (!builtChild && !matchRoute(item.url)?.route.built) continue
      expect({ role, id: item.id, built: matchRoute(item.url)?.route.built }).toEqual({
        role,
        id: item.id,
        built: true,
      })
    }
    // The section's own page (the dashboards) is built since issue 23 §1, so Analytics leads there.
    const analytics = nav.find((i) => i.id === 'analytics')
    if (analytics) expect(analytics.url).toBe('/analytics/dashboards')
  }
})
