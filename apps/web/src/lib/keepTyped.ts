// A server-rendered page can be typed into before the app has taken it over: the text is on screen,
// but the component's state never heard of it. Once hydrated, the input's text is handed to the state.
// (Fields of a form are FormFields, which do the same for react-hook-form.)
import { type RefObject, useEffect } from 'react';

export function useKeepTyped(
  element: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  adopt: (typed: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before the first render counts
  useEffect(() => {
    const typed = element.current?.value ?? '';
    if (typed !== '' && typed !== element.current?.defaultValue) adopt(typed);
  }, []);
}
