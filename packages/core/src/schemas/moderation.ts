import { z } from 'zod';
import { MODERATION_REASON_MAX } from '../constants.ts';
import { optionalText } from './common.ts';
import { MSG_INVALID_CHOICE } from './messages.ts';

/** A moderator's decision on a post; 'requested' is never a decision. */
export const POST_DECISIONS = ['approved', 'rejected', 'unlisted'] as const;
export type PostDecision = (typeof POST_DECISIONS)[number];

export const postDecisionSchema = z.object({
  status: z.enum(POST_DECISIONS, { error: MSG_INVALID_CHOICE }),
  reason: optionalText(MODERATION_REASON_MAX),
});
