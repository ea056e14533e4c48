import { usePublicConfig } from '../publicConfig';

/** The server's VAPID public key: a string, null when push is off there, undefined while unknown. */
export function useVapidKey(): string | null | undefined {
  const { data, isError } = usePublicConfig();
  if (isError) return null;
  if (!data) return undefined;
  return data.vapidPublicKey ?? null;
}
