/** Names of everything the web app keeps in localStorage (spec 1 section 3, "session data kept in the browser"). */
export const storageKeys = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  companyDueDate: 'companyDueDate',
  /** Present when the campaigns feature is on for the company; its routes exist only then. */
  campaigns: 'cshow',
  language: 'language',
  volume: 'volume',
  signMessage: 'signOption',
  theme: 'preferredTheme',
  tasks: 'tasks',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Keys that belong to a signed-in session; preferences (language, theme, volume, tasks) survive a logout. */
export const sessionKeys: readonly StorageKey[] = [
  storageKeys.token,
  storageKeys.companyId,
  storageKeys.userId,
  storageKeys.companyDueDate,
  storageKeys.campaigns,
];

// Storage can throw (private mode, quota, disabled cookies); the app then runs without persistence.
export function readItem(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* persistence is best effort */
  }
}

export function removeItem(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* persistence is best effort */
  }
}

export function clearAllItems(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* persistence is best effort */
  }
}
