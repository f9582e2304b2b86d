import { readStored, storageKeys, writeStored } from '../../../storage';

/**
 * The impersonation stored in this browser (spec §3: the switch value and the impersonated
 * environment). While it is set, every call carries the switch header and the server answers as
 * that user; the audit log keeps both names.
 */
export const currentImpersonation = () => {
  const username = readStored(storageKeys.switchUser);
  return username ? { username, environmentId: readStored(storageKeys.switchEnvironment) } : undefined;
};

/** Starts acting as `username`, then reloads on `landing` so that everything is read as them. */
export const startImpersonation = (username: string, environmentId: string, landing: string) => {
  writeStored(storageKeys.switchUser, username);
  writeStored(storageKeys.switchEnvironment, environmentId);
  window.location.assign(landing);
};

/** Back to one's own account, on the landing page. */
export const stopImpersonation = () => {
  writeStored(storageKeys.switchUser, null);
  writeStored(storageKeys.switchEnvironment, null);
  window.location.assign('/');
};
