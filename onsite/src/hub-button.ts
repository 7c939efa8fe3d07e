// The customer hub button (issue 24 §2): a small fixed button, and any element of the store's own
// marked data-klaviyo-hub, open the store's hub in a new tab. A tab, not an overlay: the hub page
// refuses to be framed (frame-ancestors 'none'), which keeps its sign-in out of clickjacking.
export function startHubButton(baseUrl: string, companyId: string): void {
  const url = `${baseUrl}/hub/${encodeURIComponent(companyId)}`
  const open = (e: Event) => {
    e.preventDefault()
    window.open(url, '_blank', 'noopener')
  }
  const ready = () => {
    const own = document.querySelectorAll('[data-klaviyo-hub]')
    own.forEach((el) => el.addEventListener('click', open))
    if (own.length) return
    const b = document.createElement('button')
    b.type = 'button'
    b.textContent =
      document.documentElement.lang.startsWith('en') || !document.documentElement.lang ? 'My account' : '👤'
    b.setAttribute('aria-label', 'My account')
    b.setAttribute('data-klaviyo-hub-button', '')
    b.style.cssText =
      'position:fixed;left:16px;bottom:16px;z-index:2147483000;padding:10px 14px;border:0;border-radius:20px;background:#1a1a1a;color:#fff;font:14px system-ui,sans-serif;cursor:pointer'
    b.addEventListener('click', open)
    document.body.appendChild(b)
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready)
  else ready()
}
