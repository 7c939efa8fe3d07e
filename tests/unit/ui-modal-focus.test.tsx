// Dialog focus (issue 12 §4): opening a dialog focuses its first field, closing it returns focus
// to the control that opened it, also when the dialog is closed from inside (Cancel, Escape).
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NextIntlClientProvider } from 'next-intl'
import { useState } from 'react'
import messages from '@/messages/en-US.json'
import { Modal } from '@/components/ui/modal'

function Harness({ withField = true, autoFocus = false }: { withField?: boolean; autoFocus?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <Modal
        open={open}
        title="Rename list"
        onClose={() => setOpen(false)}
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        }
      >
        <p>Pick a new name.</p>
        {withField && (
          <label>
            Name <input autoFocus={autoFocus} />
          </label>
        )}
      </Modal>
    </NextIntlClientProvider>
  )
}

describe('Modal focus', () => {
  test('opening focuses the first field, not the dialog or its close button', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus())
  })

  test('a dialog without fields focuses itself', async () => {
    const user = userEvent.setup()
    render(<Harness withField={false} />)
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Rename list' })).toHaveFocus())
  })

  test('a field with autoFocus keeps the focus and closing still returns it to the opener', async () => {
    const user = userEvent.setup()
    render(<Harness autoFocus />)
    const opener = screen.getByRole('button', { name: 'Rename' })
    await user.click(opener)
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })

  test.each([
    [
      'the close button',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
    [
      'Cancel',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('closing with %s returns focus to the opener', async (_name, close) => {
    const user = userEvent.setup()
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Rename' })
    await user.click(opener)
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus())
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x')
    await close(user)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })
})
