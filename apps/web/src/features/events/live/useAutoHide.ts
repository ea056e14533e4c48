import { CONTROLS_AUTOHIDE_MS } from '@samaj/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * docs/product/live-video.md, "Live screen": controls and header hide after 5 s without mouse movement or
 * click, and come back on either. `active` false keeps them shown (nothing to watch yet).
 */
export function useAutoHide(active: boolean): { shown: boolean; wake: () => void } {
  const [shown, setShown] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wake = useCallback(() => {
    setShown(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = active ? setTimeout(() => setShown(false), CONTROLS_AUTOHIDE_MS) : null;
  }, [active]);
  useEffect(() => {
    wake();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [wake]);
  return { shown: shown || !active, wake };
}
