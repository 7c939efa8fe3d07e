// Global banners: dismissal, remembered by storage key (scoped per company and user).
import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { useEffect } from 'react'
import messages from '@/messages/en-US.json'
import { BannerArea, BannerProvider, useBanners, type BannerInput } from '@/components/shell/banners'
import type { StorageScope } from '@/components/ui/dismissal-storage'

function Show({ banner }: { banner: BannerInput }) {
  const { show } = useBanners()
  useEffect(() => show(banner), [show, banner])
  return null
}

function Harness({ banner, scope }: { banner: BannerInput; scope?: StorageScope }) {
  return (
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <BannerProvider storageScope={scope}>
        <Show banner={banner} />
        <BannerArea />
      </BannerProvider>
    </NextIntlClientProvider>
  )
}

const maintenance: BannerInput = {
  id: 'maint',
  variant: 'warning',
  content: 'Scheduled maintenance tonight',
  storageKey: 'maint-2024',
}

beforeEach(() => window.localStorage.clear())

test('a dismissed banner with a storage key stays dismissed', () => {
  const { unmount } = render(<Harness banner={maintenance} />)
  expect(screen.getByText('Scheduled maintenance tonight')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }))
  expect(screen.queryByText('Scheduled maintenance tonight')).not.toBeInTheDocument()
  expect(window.localStorage.getItem('kl:banner-dismissed:maint-2024')).not.toBeNull()
  unmount()
  render(<Harness banner={maintenance} />)
  expect(screen.queryByText('Scheduled maintenance tonight')).not.toBeInTheDocument()
})

test('the dismissal is scoped per company and user when a scope is given', () => {
  const { unmount } = render(<Harness banner={maintenance} scope={{ companyId: 1, userId: 1 }} />)
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }))
  unmount()
  render(<Harness banner={maintenance} scope={{ companyId: 2, userId: 1 }} />)
  expect(screen.getByText('Scheduled maintenance tonight')).toBeInTheDocument()
})

test('a banner without a storage key comes back; a non-dismissible one has no button', () => {
  const { unmount } = render(<Harness banner={{ id: 'a', variant: 'info', content: 'Hello' }} />)
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }))
  unmount()
  render(<Harness banner={{ id: 'a', variant: 'error', content: 'Hello', dismissible: false }} />)
  expect(screen.getByRole('alert')).toHaveTextContent('Hello')
  expect(screen.queryByRole('button', { name: 'Dismiss announcement' })).not.toBeInTheDocument()
})
