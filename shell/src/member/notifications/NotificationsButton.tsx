import { useEffect, useId, useRef, useState } from 'react';
import { LiveMessage, visuallyHidden } from '@sciexperts/ui';
import { Icon } from '../../ui/Icon';
import headerStyles from '../header/MemberHeader.module.css';
import { notifications, type NotificationsController } from './notificationsStore';
import { NotificationsPanel } from './NotificationsPanel';
import { useNotifications } from './useNotifications';

/**
 * The bell in the member header: the unread count (in its accessible name, the badge only shows it), and a panel with
 * the list. A disclosure, not a dialog: the page stays usable; Escape or a click elsewhere closes it and the focus
 * returns to the bell. New notifications are announced politely as they arrive.
 */
export function NotificationsButton({ controller = notifications }: { controller?: NotificationsController }) {
  const state = useNotifications(controller);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = state.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // On the document: the focus may be on the page (after a click on the panel's text), not in the panel.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    if (!open) void controller.load();
    setOpen(!open);
  };

  return (
    <div ref={root} className={headerStyles.popoverRoot}>
      <button
        ref={button}
        type="button"
        className={`${headerStyles.iconButton} ${headerStyles.badgeHost}`}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className={headerStyles.badge} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <NotificationsPanel
          id={panelId}
          headingId={headingId}
          state={state}
          onOpen={(n) => {
            if (n.readAt === null) void controller.markRead(n.id);
            setOpen(false);
          }}
          onOpenElsewhere={(n) => {
            if (n.readAt === null) void controller.markRead(n.id);
          }}
          onMarkAllRead={() => void controller.markAllRead()}
          onMore={() => void controller.load(true)}
          onRetry={() => void controller.load()}
        />
      ) : null}
      <LiveMessage className={visuallyHidden} message={state.arrived ? `New notification: ${state.arrived.text}` : null} />
    </div>
  );
}
