// The queue dialog of /queues as an admin uses it: the queue's fields, then its chatbot option tree.
import type { Locator, Page } from 'playwright-core';
import { waitForText } from './app';
import { t } from './i18n';

/**
 * Adds an option through the draft of a level (the `addButton` of that level inside `scope`) and waits until
 * it is stored and shown.
 */
export async function addOption(
  scope: Locator,
  addButton: Locator,
  title: string,
  message = '',
): Promise<void> {
  await addButton.click();
  const draft = scope.getByTestId('queue-option-draft');
  await draft.locator('input[name="title"]').fill(title);
  if (message) await draft.locator('textarea[name="message"]').fill(message);
  await draft.getByTestId('option-save').click();
  await draft.waitFor({ state: 'detached' });
  await scope.locator(`[data-testid="queue-option"] input[name="title"][value="${title}"]`).waitFor();
}

/**
 * Opens the add dialog on /queues, fills it and saves. The dialog stays open on the new queue (edit mode, where
 * its options are added); answers that dialog.
 */
export async function createQueueInDialog(
  page: Page,
  fields: { name: string; color: string; orderQueue?: number; greetingMessage?: string },
): Promise<Locator> {
  await page.getByTestId('queue-add').click();
  const dialog = page.getByTestId('queue-dialog');
  await dialog.locator('input[name="name"]').fill(fields.name);
  await dialog.locator('input[name="color"]').fill(fields.color);
  if (fields.orderQueue !== undefined)
    await dialog.locator('input[name="orderQueue"]').fill(String(fields.orderQueue));
  if (fields.greetingMessage)
    await dialog.locator('textarea[name="greetingMessage"]').fill(fields.greetingMessage);
  await dialog.getByTestId('queue-save').click();
  await waitForText(page, t('en', 'queues:dialog.editTitle'));
  return dialog;
}
