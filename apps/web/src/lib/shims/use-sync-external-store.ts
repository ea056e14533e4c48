// react-i18next still imports the use-sync-external-store shim written for React 17; React 19 has
// the hook itself, so the build points the shim here (vite.config.ts) instead of shipping its code.
export { useSyncExternalStore } from 'react';
