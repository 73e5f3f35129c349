// Stands in for shell/src/federation/remoteRegistry in the single-bundle benchmark build.
const modules: Record<string, () => Promise<unknown>> = {
  'mf_marketing/HomePage': () => import('../../mf-marketing/src/exposes/HomePage'),
  'mf_marketing/HowItWorksPage': () => import('../../mf-marketing/src/exposes/HowItWorksPage'),
  'mf_marketing/JoinExpertPage': () => import('../../mf-marketing/src/exposes/JoinExpertPage'),
  'mf_auth/AuthModal': () => import('../../mf-auth/src/exposes/AuthModal'),
  'mf_chat/DirectMessage': () => import('../../mf-chat/src/exposes/DirectMessage'),
  'mf_profile/ProfileApp': () => import('../../mf-profile/src/exposes/ProfileApp'),
};

export async function loadRegistry(): Promise<void> {}

export async function loadRemoteModule<T>(id: string): Promise<T> {
  const load = modules[id];
  if (!load) throw new Error(`${id} is not part of the single bundle`);
  return (await load()) as T;
}

export async function resetRemote(): Promise<void> {}
