import type { NotificationPayload } from '@daybook/shared';
import { ChannelSendError } from '../notify/channels';

export const SAMPLE_TASK_ID = '7d0f6a43-3f63-4a47-9a43-6f1c2f5d9b10';
export const SAMPLE_REMINDER_ID = '0b6f5d7e-2c1a-4f8e-9d3b-5a4c3b2a1f00';

/** A reminder as the channel tests send it. */
export const sampleReminder: NotificationPayload = {
  kind: 'reminder',
  title: 'Call Ann about the invoice',
  body: 'Due today at 14:00',
  taskId: SAMPLE_TASK_ID,
  reminderId: SAMPLE_REMINDER_ID,
  late: false,
  url: `/?task=${SAMPLE_TASK_ID}`,
};

/** The ChannelSendError a send rejects with (the test fails when it resolves or throws something else). */
export async function sendError(send: Promise<void>): Promise<ChannelSendError> {
  const error = await send.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChannelSendError);
  return error as ChannelSendError;
}
