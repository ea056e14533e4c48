import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BeforeInstallPromptEvent,
  captureInstallEvent,
  forgetInstallEvent,
  useInstallEvent,
} from './installEvent';

const offer = () => new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;

describe('the browser’s install offer', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    forgetInstallEvent();
    delete (window as { samajInstallOffer?: unknown }).samajInstallOffer;
  });

  it('is kept for the prompt when it comes after the app started, and the browser’s own bar is kept away', () => {
    stop = captureInstallEvent();
    const { result } = renderHook(() => useInstallEvent());
    expect(result.current).toBeNull();
    const event = offer();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(offerNow()).toBe(event);
  });

  it('is taken over from start.js when it came before the app had loaded', () => {
    const early = offer();
    (window as { samajInstallOffer?: unknown }).samajInstallOffer = early;
    stop = captureInstallEvent();
    expect(offerNow()).toBe(early);
  });

  it('is gone once the app is installed', () => {
    stop = captureInstallEvent();
    window.dispatchEvent(offer());
    window.dispatchEvent(new Event('appinstalled'));
    expect(offerNow()).toBeNull();
  });
});

/** What the install prompt reads now. */
function offerNow() {
  return renderHook(() => useInstallEvent()).result.current;
}
