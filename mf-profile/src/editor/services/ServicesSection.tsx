import { useEffect, useState } from 'react';
import { ApiError, type Service, type User } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';
import { StatusMessage, type StatusTone } from '../../ui/StatusMessage';
import { ServicesSummary } from './ServicesSummary';
import { ServiceTabs } from './ServiceTabs';
import { countSelected, selectionsFromOffered, toBulkRequest, toggleArea, type Selections } from './selections';
import styles from './Services.module.css';

export const NO_SELECTION_MESSAGE = 'No selections to save.';
export const CLEARED_MESSAGE = 'Selections cleared.';
export const SERVICES_SAVED_MESSAGE = 'Services saved.';

/** A failed catalogue load reads 'Failed to fetch services: {status} {body}'. */
function fetchFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Failed to fetch services: ${error.status} ${error.body?.message ?? error.message}`;
  return `Failed to fetch services: ${error instanceof Error ? error.message : 'network error'}`;
}

type Catalogue = { state: 'loading' } | { state: 'ready'; services: Service[] } | { state: 'failed'; message: string };

/**
 * Summary mode when the member already offers services, edit mode otherwise.
 * Save and Cancel show once something is ticked — and always when editing saved services,
 * so that un-ticking everything never leaves the member stuck in edit mode.
 */
export function ServicesSection({ user, onUserUpdated }: { user: User; onUserUpdated: (user: User) => void }) {
  const offered = user.offeredServices ?? [];
  const [mode, setMode] = useState<'summary' | 'edit'>(offered.length > 0 ? 'summary' : 'edit');
  const [catalogue, setCatalogue] = useState<Catalogue>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [selections, setSelections] = useState<Selections>(() => selectionsFromOffered(offered));
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);

  const needCatalogue = mode === 'edit' && catalogue.state !== 'ready';
  useEffect(() => {
    if (!needCatalogue) return;
    let live = true;
    userApi.getAllServices().then(
      (services) => live && setCatalogue({ state: 'ready', services }),
      (error: unknown) => live && setCatalogue({ state: 'failed', message: fetchFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [needCatalogue, attempt]);

  const selectedCount = countSelected(selections);
  const showActions = selectedCount > 0 || offered.length > 0;

  const edit = () => {
    setSelections(selectionsFromOffered(offered));
    setStatus(null);
    setMode('edit');
  };

  const save = async () => {
    if (catalogue.state !== 'ready') return;
    const body = toBulkRequest(catalogue.services, selections);
    if (body.services.length === 0) {
      setStatus({ text: NO_SELECTION_MESSAGE, tone: 'error' });
      return;
    }
    setSaving(true);
    setStatus(null);
    try {
      const updated = await userApi.bulkAddServices(user.id, body);
      onUserUpdated(updated);
      setMode('summary');
      setStatus({ text: SERVICES_SAVED_MESSAGE, tone: 'success' });
    } catch (error) {
      setStatus({ text: `Failed to save: ${(error as Error).message}`, tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    setSelections({});
    setMode('summary');
    setStatus({ text: CLEARED_MESSAGE, tone: 'info' });
  };

  return (
    <div>
      {mode === 'summary' ? (
        <ServicesSummary offered={offered} onEdit={edit} />
      ) : catalogue.state === 'loading' ? (
        <p role="status">Loading services...</p>
      ) : catalogue.state === 'failed' ? (
        <div>
          <p role="alert" className={styles.error}>
            {catalogue.message}
          </p>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setCatalogue({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Retry
          </button>
        </div>
      ) : (
        <>
          <p className={styles.hint}>Choose the practice areas you offer under each service.</p>
          <ServiceTabs catalogue={catalogue.services} selections={selections} onToggle={(service, area) => setSelections((current) => toggleArea(current, service, area))} />
          {showActions && (
            <div className={styles.actions}>
              <button type="button" className={styles.primary} disabled={saving} onClick={() => void save()}>
                {saving ? 'Saving...' : 'Save'}
              </button>
              <button type="button" className={styles.secondary} disabled={saving} onClick={cancel}>
                Cancel
              </button>
            </div>
          )}
        </>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
    </div>
  );
}
