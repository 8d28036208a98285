import { expect, test } from '@playwright/test';
import { statusUpdate } from '../../apps/api/test/fixtures/vapi-messages';
import { postWebhook, uniqueTag } from '../support/leads-api';

test('an admin finds a message that named no call in the webhook inbox, reads it and replays it', async ({ page }) => {
  const tag = uniqueTag();
  // Vapi does not retry a 4xx: a message without its call is kept and answered 202.
  await postWebhook({ message: { ...statusUpdate('unused', 'ringing').message, call: undefined, endedReason: tag } }, 202);

  await page.goto('/');
  await page.getByRole('button', { name: 'Webhook inbox' }).click();
  const inbox = page.getByRole('dialog', { name: 'Webhook inbox' });
  await expect(inbox.getByText('No failed deliveries.')).toBeVisible();
  await inbox.getByRole('button', { name: 'Not attributable' }).click();

  const event = inbox.getByRole('article').filter({ hasText: tag });
  await expect(event.getByRole('heading')).toHaveText('status-update');
  await expect(event.locator('dt', { hasText: 'Call' }).locator('+ dd')).toHaveText('none');
  await event.getByText('Message').click();
  await expect(event.locator('pre')).toContainText(`"endedReason": "${tag}"`);

  await event.getByRole('button', { name: 'Replay status-update' }).click();
  await expect(inbox.getByRole('status')).toHaveText('Replayed: the message still names no call, so there is nothing to apply it to.');
  await expect(event).toBeVisible();
});
