// The forms' own stylesheet, inside each shadow root, so store CSS cannot reach it and it
// cannot reach the store. Sized for 320 px phones upwards.
export const CSS = `
:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.bd{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:12px;background:rgba(20,20,20,.6)}
.dlg{position:relative;background:#fff;color:#111;border-radius:8px;width:100%;max-width:480px;max-height:calc(100vh - 24px);overflow:auto;padding:28px 20px 20px;box-shadow:0 10px 40px rgba(0,0,0,.3)}
.full .dlg{max-width:none;height:100%;max-height:none;border-radius:0;display:flex;flex-direction:column;justify-content:center}
.fly{position:fixed;z-index:2147483000;width:min(360px,calc(100vw - 24px));margin:12px}
.fly .dlg{max-height:calc(100vh - 24px)}
.ban{position:fixed;left:0;right:0;z-index:2147483000}
.ban .dlg{max-width:none;border-radius:0;padding:12px 44px 12px 16px}
.emb .dlg{box-shadow:none;max-width:none;max-height:none;padding:16px}
.x{position:absolute;top:6px;right:6px;width:32px;height:32px;border:0;border-radius:16px;background:transparent;font-size:22px;line-height:1;cursor:pointer;color:#333}
.x:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.txt{margin:0 0 12px;line-height:1.4;overflow-wrap:anywhere}
.txt p{margin:0 0 8px}
.fld{margin:0 0 12px;border:0;padding:0;min-width:0}
.fld label,.fld legend{display:block;font-size:14px;margin:0 0 4px}
.sr{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
input[type=text],input[type=email],input[type=tel],input[type=date],select{width:100%;min-height:44px;padding:8px 10px;font-size:16px;border:1px solid #888;border-radius:4px;background:#fff;color:#111}
.ph{display:flex;gap:6px}.ph select{width:auto;flex:0 0 auto}
.chk{display:flex;gap:8px;align-items:flex-start;font-size:14px}.chk input{margin-top:3px}
.btn{display:block;width:100%;min-height:44px;margin:0 0 10px;border:0;border-radius:4px;background:#111;color:#fff;font-size:16px;cursor:pointer}
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
