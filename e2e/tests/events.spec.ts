import { expect, test } from '@playwright/test';
import { newMember, signUp } from '../support/members';

// SPEC §2 Events. Events cannot be created through the API yet, so a fresh server has none: the
// member sees the Gujarati empty state; the cards themselves are covered by the web component test.

test('a member sees the Events page say in Gujarati that there are no events yet', async ({ page }) => {
  await signUp(page.request);
  const listed = page.waitForResponse((res) => res.url().endsWith('/api/events'));
  await page.goto('/events');
  expect((await listed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByText('હજી કોઈ કાર્યક્રમ નથી')).toBeVisible();
  await expect(page.getByText('સમાજનો નવો કાર્યક્રમ ઉમેરાશે ત્યારે તે અહીં દેખાશે.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'વધુ કાર્યક્રમો જુઓ' })).toHaveCount(0);
});

test('a visitor gets the login card instead of events', async ({ page }) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).last()).toHaveAttribute(
    'href',
    '/login?forward=%2Fevents',
  );
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    '/signup?forward=%2Fevents',
  );
  await expect(page.getByText('હજી કોઈ કાર્યક્રમ નથી')).toHaveCount(0);
});

test('an event that does not exist says so instead of loading forever', async ({ page }) => {
  await signUp(page.request, newMember('eventgone'));
  await page.goto('/event/nosuchevent');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Not Started');
});
