'use client'
// The global error page: replaces the root layout when it fails, so it brings its own <html>
// and plain English texts (translations may be what failed).
import { useEffect } from 'react'
import { reportClientError } from '@/lib/client/report-error'

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    reportClientError(error, typeof window === 'undefined' ? undefined : window.location.pathname)
  }, [error])
  return (
    <html lang="en-US">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          display: 'grid',
          placeItems: 'center',
          minHeight: '100vh',
          margin: 0,
        }}
      >
        <div style={{ maxWidth: 450, textAlign: 'center', padding: 24 }}>
          <h1 style={{ fontSize: 24 }}>Something went wrong</h1>
          <p style={{ color: '#555', lineHeight: 1.5 }}>
            Give it another try. If that doesn&apos;t work, check back in a few minutes.
          </p>
          <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 16px', fontSize: 14 }}>
            Try again
          </button>
        </div>
      </body>
    </html>
  )
}
