import { MemberNavList } from './MemberNavList';
import type { AnyMemberPage } from './memberPages';
import type { DashboardMode } from './header/RoleSwitch';
import styles from './MemberSidebar.module.css';

/**
 * The desktop sidebar. Below 768 px it is not shown at all: its links move into the header's drawer, so the phone
 * header stays one line instead of a bar above a bar.
 */
export function MemberSidebar({ pages, mode }: { pages: AnyMemberPage[]; mode: DashboardMode }) {
  return (
    <nav aria-label="Profile" className={styles.sidebar}>
      <p className={styles.brand}>SciExperts</p>
      <MemberNavList pages={pages} mode={mode} listClassName={styles.list} linkClassName={styles.link} />
    </nav>
  );
}
