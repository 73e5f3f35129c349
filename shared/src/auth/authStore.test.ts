import { AUTH_CHANGE_EVENT, SIGN_IN_METHOD_KEY, STORAGE_KEYS } from '../contracts/constants';
import type { User } from '../contracts/entities';
import { authStore, isSignedIn, refreshAuthFromStorage, signIn, signOut, startAuthSync } from './authStore';

const ada: User = {
  id: 7,
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  headline: null,
  profileSummary: null,
  hourlyFee: null,
  phoneNumber: null,
  profImgUrl: null,
  isProfilePublic: true,
  authProvider: 'password',
  offeredServices: [],
  workExperiences: [],
};

describe('auth store', () => {
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    stop = startAuthSync();
  });
  afterEach(() => stop());

  it('is signed in exactly when a token is stored, and keeps token and user in local storage', () => {
    expect(isSignedIn()).toBe(false);
    signIn('tok-1', ada);
    expect(isSignedIn()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({ id: 7, firstName: 'Ada' });
  });

  it('removes token and user on sign-out and announces the change to this tab', () => {
    const listener = jest.fn();
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    signIn('tok-1', ada);
    signOut();
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(authStore.getState()).toMatchObject({ token: null, user: null });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('removes corrupt stored user data and treats it as no user', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-2');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    refreshAuthFromStorage();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(authStore.getState().token).toBe('tok-2');
  });

  it('treats a stored user without an id as corrupt', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ firstName: 'Mallory' }));
    refreshAuthFromStorage();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('follows a sign-in and a sign-out made in another tab (storage events)', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'other-tab');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ada));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: 'other-tab' }));
    expect(authStore.getState()).toMatchObject({ token: 'other-tab', user: { id: 7 } });

    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(authStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('refreshes on an authChange event', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'direct-write');
    window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
    expect(authStore.getState().token).toBe('direct-write');
  });

  it('remembers how the member signed in, in every tab, and forgets it on sign-out', () => {
    signIn('tok-4', ada, 'identity');
    expect(authStore.getState().signInMethod).toBe('identity');
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBe('identity');
    signIn('tok-5', ada);
    expect(authStore.getState().signInMethod).toBe('password');

    localStorage.setItem(SIGN_IN_METHOD_KEY, 'identity');
    window.dispatchEvent(new StorageEvent('storage', { key: SIGN_IN_METHOD_KEY, newValue: 'identity' }));
    expect(authStore.getState().signInMethod).toBe('identity');

    signOut();
    expect(authStore.getState().signInMethod).toBeNull();
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBeNull();
  });

  it('treats a session stored without a method as a password sign-in', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'older-session');
    refreshAuthFromStorage();
    expect(authStore.getState().signInMethod).toBe('password');
  });

  it('keeps the reason when the server ended the session', () => {
    signIn('tok-3', ada);
    signOut('Your session has ended. Please log in again.');
    expect(authStore.getState().signedOutReason).toBe('Your session has ended. Please log in again.');
  });
});
