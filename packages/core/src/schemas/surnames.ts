import { z } from 'zod';
import {
  SURNAME_FIELD_MAX,
  SURNAME_RECORD_DESCRIPTION_MAX,
  SURNAME_SUBMISSION_DESCRIPTION_MAX,
} from '../constants.ts';
import { optionalText, requiredText } from './common.ts';
import { MSG_INVALID_SURNAME } from './messages.ts';

/**
 * A member's correction or missing details for one surname (docs/product/surnames.md, "Submitting details").
 */
export const surnameSubmissionSchema = z.object({
  surname: requiredText(SURNAME_FIELD_MAX),
  description: optionalText(SURNAME_SUBMISSION_DESCRIPTION_MAX),
  gam: optionalText(SURNAME_FIELD_MAX),
  kuldevta: optionalText(SURNAME_FIELD_MAX),
});

/** One surname as imported by the operator; `name` is the document id and the URL. */
export const surnameRecordSchema = z.object({
  name: requiredText(SURNAME_FIELD_MAX).regex(/^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/, MSG_INVALID_SURNAME),
  name_guj: requiredText(SURNAME_FIELD_MAX),
  pronounce: optionalText(SURNAME_FIELD_MAX),
  gotra: optionalText(SURNAME_FIELD_MAX),
  gam: optionalText(SURNAME_FIELD_MAX),
  kuldevta: optionalText(SURNAME_FIELD_MAX),
  description: optionalText(SURNAME_RECORD_DESCRIPTION_MAX),
});
export type SurnameRecord = z.infer<typeof surnameRecordSchema>;
