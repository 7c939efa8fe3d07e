import { test, expect } from '@playwright/test'
import { signIn, snap } from './helpers'

test('an owner signs in and reaches the dashboard', async ({ page }) => {
  await page.goto('/login')
  await snap(page, 'login')
  await signIn(page, 'owner@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: /welcome back, olivia/i })).toBeVisible()
  await expect(page.getByTestId('app-sidebar')).toBeVisible()
  await snap(page, 'dashboard')
})

test('wrong password shows a clear error and stays on /login', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill('owner@demo.test')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page.getByText('The email or password you entered is incorrect.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('/flows while signed out goes to /login?next=%2Fflows and lands on /flows after sign-in', async ({ page }) => {
  await page.goto('/flows')
  await expect(page).toHaveURL(/\/login\?next=%2Fflows$/)
  await page.getByLabel('Email').fill('owner@demo.test')
  await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD || 'demo-password')
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(/\/flows$/)
})

test('next never leaves the site', async ({ page }) => {
  await signIn(page, 'owner@demo.test', '//evil.example/steal')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/)
})
