'use client'
// The settings save cycle (useSettingsSave: pending flag, field errors from a 400, a toast for
// anything else) for the personal/security forms that read their fields from the form element.
import type { FormEvent } from 'react'
import { useSettingsSave } from './settings-form-screen'

export function useSettingsForm<T>(
  submit: (form: FormData) => Promise<T>,
  messages: { saved: string; failed: string },
  onDone?: (r: T, form: HTMLFormElement) => void,
) {
  const { busy, errors, save } = useSettingsSave(messages, 'toast')
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    await save(async () => onDone?.(await submit(new FormData(form)), form))
  }
  return { pending: busy, errors, onSubmit }
}
