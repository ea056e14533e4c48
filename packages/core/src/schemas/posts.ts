import { z } from 'zod';
import { COMMENT_MAX, POST_DESCRIPTION_MAX, REPORT_REASON_MAX } from '../constants.ts';
import { requiredText } from './common.ts';

export const addPostSchema = z.object({ description: requiredText(POST_DESCRIPTION_MAX) });
export type AddPostInput = z.infer<typeof addPostSchema>;

export const commentSchema = z.object({ comment: requiredText(COMMENT_MAX) });
export type CommentInput = z.infer<typeof commentSchema>;

export const reportSchema = z.object({ reason: requiredText(REPORT_REASON_MAX) });
export type ReportInput = z.infer<typeof reportSchema>;
