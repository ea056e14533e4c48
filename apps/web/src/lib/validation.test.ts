import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import { preferInterpretedValidation } from './validation';

describe('validation under the CSP', () => {
  it('tells zod not to probe for eval, whether zod loaded first or not', () => {
    expect(config().jitless).not.toBe(true);
    preferInterpretedValidation();
    expect(config().jitless).toBe(true);
  });
});
