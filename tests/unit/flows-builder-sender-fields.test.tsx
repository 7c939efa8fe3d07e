// The sender fields both email-sending panels of the flow builder share (the email action and the
// review request): they show the stored sender, and an emptied field is stored as null (the
// company's default sender), not as an empty string. Also FieldInput, the bound text input the
// builder's panels are made of.
import { fireEvent, render, screen } from '@testing-library/react'
import { SenderFields } from '@/components/flows/builder/sender-fields'
import { FieldInput } from '@/components/flows/builder/panel-fields'

test('shows the sender and stores an emptied field as null', () => {
  const setMsg = jest.fn()
  render(
    <SenderFields
      msg={{ from_label: 'Shop', from_email: 'hi@shop.test' }}
      setMsg={setMsg}
      labels={{ fromLabel: 'Sender name', fromEmail: 'Sender email' }}
    />,
  )
  const label = screen.getByLabelText('Sender name')
  const email = screen.getByLabelText('Sender email')
  expect(label).toHaveValue('Shop')
  expect(email).toHaveValue('hi@shop.test')
  expect(email).toHaveAttribute('type', 'email')
  fireEvent.change(label, { target: { value: 'Shop team' } })
  expect(setMsg).toHaveBeenLastCalledWith({ from_label: 'Shop team' })
  fireEvent.change(email, { target: { value: '' } })
  expect(setMsg).toHaveBeenLastCalledWith({ from_email: null })
})

test('an unset sender shows empty fields', () => {
  render(<SenderFields msg={{}} setMsg={() => {}} labels={{ fromLabel: 'From', fromEmail: 'From address' }} />)
  expect(screen.getByLabelText('From')).toHaveValue('')
  expect(screen.getByLabelText('From address')).toHaveValue('')
})

test('FieldInput stores an emptied field as "" unless emptyAsNull, and passes the input attributes on', () => {
  const set = jest.fn()
  render(
    <>
      <FieldInput label="Subject" record={{ subject_line: 'Hi' }} set={set} field="subject_line" data-testid="subj" />
      <FieldInput label="URL" record={{}} set={set} field="url" emptyAsNull type="url" placeholder="https://" />
    </>,
  )
  fireEvent.change(screen.getByTestId('subj'), { target: { value: '' } })
  expect(set).toHaveBeenLastCalledWith({ subject_line: '' })
  const url = screen.getByLabelText('URL')
  expect(url).toHaveAttribute('type', 'url')
  expect(url).toHaveAttribute('placeholder', 'https://')
  fireEvent.change(url, { target: { value: 'https://x.test' } })
  expect(set).toHaveBeenLastCalledWith({ url: 'https://x.test' })
})
