import type { Metadata } from 'next'
import { NextIntlClientProvider } from 'next-intl'
import { getLocale, getMessages } from 'next-intl/server'
import { SessionBroadcaster } from '@/components/shell/session-broadcaster'
import '@/styles/tokens.css'
import '@/styles/globals.css'

export const metadata: Metadata = { title: { default: 'Merchant Automation', template: '%s | Merchant Automation' } }

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale()
  const messages = await getMessages()
  return (
    <html lang={locale} data-theme="default">
      <body lang={locale}>
        <NextIntlClientProvider locale={locale} messages={messages}>
          <SessionBroadcaster />
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
