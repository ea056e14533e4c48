import { createTheme } from '@mantine/core';

// Noto Sans Gujarati carries both scripts (Gujarati and Latin subsets are self-hosted), so one
// family keeps mixed Gujarati/English text on the same baseline and weight.
const family = '"Noto Sans Gujarati", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 8,
  fontFamily: family,
  headings: { fontFamily: family, fontWeight: '600' },
  defaultRadius: 'md',
  focusRing: 'auto',
});
