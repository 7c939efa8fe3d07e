// The forms' own stylesheet, inside each shadow root, so store CSS cannot reach it and it
// cannot reach the store. Sized for 320 px phones upwards.
export const CSS = `
:host{all:initial}
*{box-sizing:border-box}
.dlg,.tz{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
button,input,select{font-family:inherit}
.bd{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:12px;background:rgba(20,20,20,.6)}
.dlg{position:relative;background:#fff;color:#111;border-radius:8px;width:100%;max-width:480px;max-height:calc(100vh - 24px);overflow:auto;padding:28px 20px 20px;box-shadow:0 10px 40px rgba(0,0,0,.3)}
.full .dlg{max-width:none;height:100%;max-height:none;border-radius:0;display:flex;flex-direction:column;justify-content:center}
.fly{position:fixed;z-index:2147483000;width:min(360px,calc(100vw - 24px));margin:12px}
.fly .dlg{max-height:calc(100vh - 24px)}
.ban{position:fixed;left:0;right:0;z-index:2147483000}
.ban .dlg{max-width:none;border-radius:0;padding:12px 44px 12px 16px}
.emb .dlg{box-shadow:none;max-width:none;max-height:none;padding:16px}
.x{position:absolute;top:6px;right:6px;width:32px;height:32px;padding:0;border:0;border-radius:50%;background:rgba(0,0,0,.5);font-size:20px;line-height:1;cursor:pointer;color:#fff}
.x:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.txt{margin:0 0 12px;line-height:1.4;overflow-wrap:anywhere}
.txt p{margin:0 0 8px}
.txt h1,.txt h2,.txt h3,.txt h4,.txt h5,.txt h6{margin:0 0 8px;line-height:1.2;font-weight:700}
.txt h1{font-size:28px}.txt h2{font-size:22px}.txt h3{font-size:18px}.txt h4,.txt h5,.txt h6{font-size:16px}
.txt a{color:var(--kl-link,#0066cc)}
.fld{margin:0 0 12px;border:0;padding:0;min-width:0}
.fld label,.fld legend{display:block;font-size:14px;margin:0 0 4px;color:var(--kl-label,inherit)}
.sr{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input[type=text],input[type=email],input[type=tel],input[type=date],select{width:100%;min-height:var(--kl-in-height,44px);padding:8px 10px;font-family:var(--kl-in-font,inherit);font-size:var(--kl-in-size,16px);border:1px solid var(--kl-in-border,#888);border-radius:var(--kl-in-radius,4px);background:var(--kl-in-bg,#fff);color:var(--kl-in-color,#111)}
.ph{display:flex;gap:6px}.ph select{width:auto;flex:0 0 auto}
.chk{display:flex;gap:8px;align-items:flex-start;font-size:14px}.chk input{margin-top:3px}
.btn{display:block;width:100%;min-height:44px;margin:0 0 10px;border:0;border-radius:4px;background:var(--kl-bg,#111);color:var(--kl-fg,#fff);font-size:16px;cursor:pointer}
.btn:hover{background:var(--kl-hover-bg,var(--kl-bg,#111));color:var(--kl-hover-fg,var(--kl-fg,#fff))}
.btn.lnk,.btn.lnk:hover{background:var(--kl-bg,transparent);color:var(--kl-fg,inherit);text-decoration:underline;font-size:14px;min-height:32px}
.btn[disabled]{opacity:.6}
.err{color:#b91c1c;font-size:13px;margin:4px 0 0}
.disc{font-size:11px;color:#555;line-height:1.4}
.cpn{display:block;text-align:center;font-size:22px;letter-spacing:2px;border:2px dashed #111;padding:10px;margin:0 0 12px}
img{max-width:100%;height:auto;display:block;margin:0 auto 12px}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.tz{position:fixed;z-index:2147482999;margin:12px;display:flex;align-items:center}
.tz button.open{border:0;border-radius:6px;background:#111;color:#fff;padding:10px 14px;font-size:15px;cursor:pointer}
.tz .x{position:static;color:#111;background:#fff;margin-left:4px}
`

/** Where a flyout, banner or teaser sits (the vendor's location names). */
export function placement(location: string | null | undefined, fallback: string): Partial<CSSStyleDeclaration> {
  const loc = location || fallback
  const s: Partial<CSSStyleDeclaration> = {}
  if (loc.startsWith('top')) s.top = '0'
  else if (loc.startsWith('center')) s.top = '40%'
  else s.bottom = '0'
  if (loc.endsWith('left')) s.left = '0'
  else if (loc.endsWith('right')) s.right = '0'
  else {
    s.left = '50%'
    s.transform = 'translateX(-50%)'
  }
  return s
}
