import { z } from "zod";

/**
 * `GET /api/reminders/unsubscribe?token=` (the e-mailed link; shows a confirm button) and the
 * form that button posts to `POST /api/reminders/unsubscribe`: the signed token of the link.
 */
export const reminderUnsubscribeInputSchema = z.object({ token: z.string().min(1).max(512) });
export type ReminderUnsubscribeInput = z.infer<typeof reminderUnsubscribeInputSchema>;
