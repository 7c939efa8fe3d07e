// The HTML of /onsite/preview: an empty page on our own origin that the form editor frames. It
// loads the onsite script in preview mode (the data-klaviyo-preview flag), which then renders
// whatever definition the editor posts to it. The script tag carries the proxy's CSP nonce.
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function cspNonce(policy: string | null): string | null {
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy ?? '')?.[1] ?? null
}

export function formPreviewPage(publicKey: string, device: 'desktop' | 'mobile', nonce: string | null): string {
  const src = `/onsite/js/klaviyo.js?company_id=${encodeURIComponent(publicKey)}`
  return `<!doctype html>
<html lang="en" data-klaviyo-preview="1" data-device="${device}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Form preview</title></head>
<body style="margin:0;min-height:100vh;background:#f3f4f6;font-family:system-ui,sans-serif">
<script${nonce ? ` nonce="${attr(nonce)}"` : ''} async src="${attr(src)}"></script>
</body>
</html>`
}
