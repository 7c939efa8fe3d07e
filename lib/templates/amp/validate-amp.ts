// The AMP for Email part of a template (issue 27 §4): checked at save for the parts every AMP
// email needs (the AMP4EMAIL spec's required markup) and for what it forbids, so a template never
// ships an AMP part that mail providers would drop. Email clients without AMP show the HTML part.
export const AMP_RUNTIME = '<script async src="https://cdn.ampproject.org/v0.js"></script>'
export const AMP_BOILERPLATE = '<style amp4email-boilerplate>body{visibility:hidden}</style>'

/** A minimal valid AMP4EMAIL document, the starting point of the AMP editor. */
export const AMP_STARTER = `<!doctype html>
<html ⚡4email data-css-strict>
<head>
  <meta charset="utf-8">
  ${AMP_RUNTIME}
  ${AMP_BOILERPLATE}
  <style amp-custom>h1 { margin: 0 0 16px; }</style>
</head>
<body>
  <h1>Hello {{ first_name|default:"there" }}</h1>
  <p>This part is shown by email clients that support AMP; the others show the HTML version.</p>
</body>
</html>
`

const squash = (s: string) => s.replace(/\s+/g, ' ').replace(/\s*([{}:;])\s*/g, '$1')

/** The problems of an AMP document; empty when it has what AMP4EMAIL requires. */
export function validateAmp(source: string): string[] {
  const problems: string[] = []
  const doc = source.trim()
  if (!/^<!doctype html>/i.test(doc)) problems.push('Start the AMP part with <!doctype html>.')
  if (!/<html\b[^>]*(?:\s⚡4email|\samp4email)(?:[\s=>])/i.test(doc))
    problems.push('The <html> tag needs the ⚡4email (or amp4email) attribute.')
  if (!/<meta\s+charset=["']?utf-8["']?\s*\/?>/i.test(doc)) problems.push('Add <meta charset="utf-8"> to the head.')
  if (!/<script\s+async\s+src=["']https:\/\/cdn\.ampproject\.org\/v0\.js["']\s*><\/script>/i.test(doc))
    problems.push('Add the AMP runtime: <script async src="https://cdn.ampproject.org/v0.js"></script>.')
  if (!squash(doc).includes(squash(AMP_BOILERPLATE)))
    problems.push('Add the AMP4EMAIL boilerplate: <style amp4email-boilerplate>body{visibility:hidden}</style>.')
  // Only AMP's own component scripts are allowed; any other script is refused by every AMP client.
  for (const m of doc.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1] ?? ''
    const src = /\bsrc=["']([^"']+)["']/i.exec(attrs)?.[1] ?? ''
    if (!src.startsWith('https://cdn.ampproject.org/')) {
      problems.push('Only AMP component scripts from https://cdn.ampproject.org are allowed.')
      break
    }
  }
  if (/<(?:iframe|frame|object|embed|form\b[^>]*\baction=)/i.test(doc))
    problems.push('Frames, embeds and plain forms are not allowed in AMP for Email.')
  if (/\son[a-z]+\s*=/i.test(doc)) problems.push('Event attributes (onclick …) are not allowed in AMP for Email.')
  if (/<img\b/i.test(doc)) problems.push('Use <amp-img> instead of <img>.')
  if (doc.length > 200_000) problems.push('The AMP part is longer than 200,000 characters.')
  return problems
}
