// See the alias in vite.config.ts: Mantine's notification store module on its own.
declare module '@samaj/notifications-store' {
  export { notificationsStore, useNotifications } from '@mantine/notifications';
}
