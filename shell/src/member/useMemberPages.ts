import { useMemo, useSyncExternalStore } from 'react';
import { getRegistryPages, subscribeRegistryPages } from '../federation/remoteRegistry';
import { memberPages, mergeMemberPages, type AnyMemberPage } from './memberPages';

/** The member area's pages: the shell's list, then what the registry contributes (it can load later). */
export function useMemberPages(): AnyMemberPage[] {
  const fromRegistry = useSyncExternalStore(subscribeRegistryPages, getRegistryPages, getRegistryPages);
  return useMemo(() => mergeMemberPages(memberPages, fromRegistry), [fromRegistry]);
}
