import { z } from 'zod';
import { PUBLISHER_REASON_MAX, SHORT_TEXT_MAX } from '../constants.ts';
import { phoneSchema, requiredText } from './common.ts';

export const publisherRequestSchema = z.object({
  occupation: requiredText(SHORT_TEXT_MAX),
  whatsapp: phoneSchema,
  reason: requiredText(PUBLISHER_REASON_MAX),
});
export type PublisherRequestInput = z.infer<typeof publisherRequestSchema>;
