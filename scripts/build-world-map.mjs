// Builds lib/insights/world-map/countries.json, the country shapes of the /activity-map screen,
// from Natural Earth's 1:110m admin-0 countries (public domain, naturalearthdata.com) as
// redistributed in TopoJSON by the npm package world-atlas 2.0.2 (countries-110m.json):
//
//   npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
//   node scripts/build-world-map.mjs package/countries-110m.json
//
// Equirectangular projection onto a 720 × 360 box (x = 2 × (longitude + 180), y = 2 × (90 −
// latitude)) in whole units (half a degree), Antarctica left out: small enough to ship inline
// (no tile server) and sharp enough for a dashboard card.
// Each country: ISO 3166-1 alpha-2 code (matched through Intl.DisplayNames' English names, with
// the few Natural Earth spellings that differ), its Natural Earth name and an SVG path.
import fs from 'node:fs'

const topo = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const [sx, sy] = topo.transform.scale
const [tx, ty] = topo.transform.translate
const arcs = topo.arcs.map((arc) => {
  let x = 0
  let y = 0
  return arc.map(([dx, dy]) => {
    x += dx
    y += dy
    return [x * sx + tx, y * sy + ty]
  })
})
const arcPoints = (i) => (i >= 0 ? arcs[i] : [...arcs[~i]].reverse())
const ring = (ids) => ids.flatMap((i, k) => (k ? arcPoints(i).slice(1) : arcPoints(i)))
const r1 = (v) => Math.round(v * 2)
function ringPath(points) {
  let d = ''
  let last = ''
  for (const [lon, lat] of points) {
    const p = `${r1(lon + 180)} ${r1(90 - lat)}`
    if (p === last) continue
    d += (d ? 'L' : 'M') + p
    last = p
  }
  return d + 'Z'
}

const display = new Intl.DisplayNames(['en'], { type: 'region' })
// Withdrawn and reserved codes whose English names collide with today's countries.
const RETIRED = new Set([
  'DD',
  'UK',
  'FX',
  'SU',
  'YU',
  'TP',
  'ZR',
  'BU',
  'CS',
  'NT',
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
])
const byName = new Map()
for (let a = 65; a <= 90; a++)
  for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b)
    if (RETIRED.has(code)) continue
    const name = display.of(code)
    if (name && name !== code && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code)
  }
const ALIASES = {
  'united states of america': 'US',
  'dem. rep. congo': 'CD',
  congo: 'CG',
  'central african rep.': 'CF',
  's. sudan': 'SS',
  'dominican rep.': 'DO',
  'bosnia and herz.': 'BA',
  'eq. guinea': 'GQ',
  'solomon is.': 'SB',
  'falkland is.': 'FK',
  'fr. s. antarctic lands': 'TF',
  "côte d'ivoire": 'CI',
  'w. sahara': 'EH',
  macedonia: 'MK',
  'north macedonia': 'MK',
  czechia: 'CZ',
  eswatini: 'SZ',
  'timor-leste': 'TL',
  palestine: 'PS',
  myanmar: 'MM',
  'n. cyprus': 'CY',
  somaliland: 'SO',
  kosovo: 'XK',
  taiwan: 'TW',
  'puerto rico': 'PR',
  greenland: 'GL',
  'new caledonia': 'NC',
  bahamas: 'BS',
  gambia: 'GM',
  'south korea': 'KR',
  'north korea': 'KP',
  russia: 'RU',
  vietnam: 'VN',
  laos: 'LA',
  'trinidad and tobago': 'TT',
  turkey: 'TR',
}
const out = []
for (const g of topo.objects.countries.geometries) {
  const name = g.properties?.name ?? ''
  const code = ALIASES[name.toLowerCase()] ?? byName.get(name.toLowerCase()) ?? null
  const polys = g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? g.arcs : []
  const d = polys.flatMap((poly) => poly.map((r) => ringPath(ring(r)))).join('')
  if (d && name !== 'Antarctica') out.push({ code, name, d })
}
out.sort((a, b) => a.name.localeCompare(b.name))
const file = 'lib/insights/world-map/countries.json'
fs.writeFileSync(file, JSON.stringify(out))
console.log(
  `${out.length} countries, ${out.filter((c) => !c.code).length} without a code, ${fs.statSync(file).size} bytes`,
)
console.log(
  out
    .filter((c) => !c.code)
    .map((c) => c.name)
    .join(', '),
)
