import { paymentsApi, type SavedCard } from '@sciexperts/shared/member';
import { useLoad } from '../ui/useLoad';

const NONE: SavedCard[] = [];

/**
 * The client's saved cards, asked for only while they have a milestone to fund. Paying never depends on them:
 * while they load, or when they cannot be loaded, the client pays with a new card (the answer says which).
 */
export function useSavedCards(wanted: boolean): { cards: SavedCard[]; failed: boolean } {
  const load = useLoad(() => (wanted ? paymentsApi.savedCards() : Promise.resolve({ results: NONE })), `saved-cards:${wanted}`);
  return { cards: load.data?.results ?? NONE, failed: load.status === 'error' };
}
