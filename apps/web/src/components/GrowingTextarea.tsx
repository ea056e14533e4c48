import { Textarea, type TextareaProps } from '@mantine/core';
import { type CSSProperties, forwardRef, useSyncExternalStore } from 'react';

/**
 * The browser sizes the field to its text itself (CSS `field-sizing`: Chrome and Android's browser
 * since 123, Safari 26). Mantine's `autosize` measures the text in a hidden copy of the field on every
 * render, reading its computed style: a forced style and layout pass over the whole page, ~200 ms of
 * the member feed's first render on a slow phone (CPU profile, docs/decisions/0026-long-renders-are-interruptible.md). Elsewhere it is kept.
 */
const sizesItself = () => typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;
const nothingToWatch = () => () => {};

// `styles` is this component's own (the field's sizing): a caller's would be silently replaced.
export type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'styles'> & {
  minRows?: number;
  maxRows?: number;
};

// Rows in the field's own line height, plus its padding and border, as Mantine's autosize counts them.
const rowsHeight = (rows: number) =>
  `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * calc(0.0625rem * var(--mantine-scale)))`;

/**
 * A textarea that grows with its text from `minRows` to `maxRows` (then scrolls). The server renders it
 * as the browsers members use draw it (sizing itself); a browser without `field-sizing` switches to
 * Mantine's measuring once the page is hydrated, so the two renders agree.
 */
export const GrowingTextarea = forwardRef<HTMLTextAreaElement, GrowingTextareaProps>(function GrowingTextarea(
  { minRows = 1, maxRows, ...props },
  ref,
) {
  const itself = useSyncExternalStore(nothingToWatch, sizesItself, () => true);
  if (!itself) return <Textarea ref={ref} autosize minRows={minRows} maxRows={maxRows} {...props} />;
  const input = {
    fieldSizing: 'content',
    minHeight: rowsHeight(minRows),
    maxHeight: maxRows === undefined ? undefined : rowsHeight(maxRows),
  } as CSSProperties;
  return <Textarea ref={ref} rows={minRows} {...props} styles={{ input }} />;
});
