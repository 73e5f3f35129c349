import { Link } from '@sciexperts/shared/router';
import type { AuditEntryView } from '@sciexperts/shared/member';
import css from './console.module.css';

/** The console's page for an object the log names, when it has one (a closed report or an answered request has none). */
function pageOf(type: string, id: string): string | null {
  switch (type) {
    case 'milestone':
      return `/admin/disputes/${id}`;
    case 'member':
      return `/admin/members?member=${encodeURIComponent(id)}`;
    case 'vetting-request':
      return `/admin/vetting/${id}`;
    case 'operator':
      // An operator's page in the console is what they did.
      return `/admin/audit?operatorId=${encodeURIComponent(id)}`;
    default:
      return null;
  }
}

/** The words for an object: 'Milestone 37', 'Vetting request 4', 'Member search'. */
export function objectName(type: string, id: string | null): string {
  const words = type.replace(/-/g, ' ');
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return id === null ? name : `${name} ${id}`;
}

/** An entry's object: linked to its page, with a link to every entry about it (the log filtered to it). */
export function AuditObject({ entry }: { entry: AuditEntryView }) {
  const { objectType: type, objectId: id } = entry;
  if (!type) return null;
  const name = objectName(type, id);
  const page = id === null ? null : pageOf(type, id);
  return (
    <>
      {page ? <Link to={page}>{name}</Link> : name}
      {id !== null && type !== 'operator' && (
        <>
          {' '}
          <Link to={`/admin/audit?objectType=${encodeURIComponent(type)}&objectId=${encodeURIComponent(id)}`} className={css.small} aria-label={`All entries about ${name.toLowerCase()}`}>
            all entries
          </Link>
        </>
      )}
    </>
  );
}
