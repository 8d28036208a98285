/** What the browser says of notifications from this page; 'unsupported' where it has none. */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the member (only ever from their own click: browsers ignore or punish a prompt on load). */
export async function askNotificationPermission(): Promise<NotificationPermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** A system notification when the member allowed them; `tag` keeps the system from showing one twice. */
export function notifyIfAllowed(title: string, options: { body: string; tag: string }): void {
  if (notificationPermission() !== 'granted') return;
  const notification = new Notification(title, options);
  notification.onclick = () => window.focus();
}
