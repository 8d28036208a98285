import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { askNotificationPermission, notificationPermission, type NotificationPermissionState } from '../../../lib/browserNotifications';

const TEXT = {
  ask: 'Turn on reminder notifications',
  on: 'Reminder notifications are on.',
  blocked: 'Notifications are blocked for this page in the browser’s settings: reminders show on the page only.',
};

/** Asks for the browser's notifications from the member's own click, never on load; says where things stand afterwards. */
export function ReminderNotificationsSwitch() {
  const [permission, setPermission] = useState<NotificationPermissionState>(notificationPermission);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') return <p className="reminder-notifications">{TEXT.on}</p>;
  if (permission === 'denied') return <p className="reminder-notifications">{TEXT.blocked}</p>;
  return (
    <button type="button" className="button button--secondary" onClick={() => void askNotificationPermission().then(setPermission)}>
      <BellRing aria-hidden size={18} />
      {TEXT.ask}
    </button>
  );
}
