import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@sciexperts/shared/router';
import type { NavMenu } from './navigation';
import styles from './NavDropdown.module.css';

/** Disclosure menu of links: Enter/Space/ArrowDown open it, Escape closes it and returns focus. */
export function NavDropdown({ menu }: { menu: NavMenu }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => {
        const items = links();
        const index = items.indexOf(document.activeElement as HTMLAnchorElement);
        const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
        items[index === -1 ? 0 : next]?.focus();
      });
    }
  };

  return (
    <div
      ref={root}
      className={styles.dropdown}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {menu.label}
        <span aria-hidden="true" className={styles.caret} />
      </button>
      <ul id={id} className={styles.panel} hidden={!open}>
        {menu.items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.item} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
