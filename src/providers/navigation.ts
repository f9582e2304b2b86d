/**
 * Lets code outside React (the API client's session handlers) navigate with the app's router once it
 * exists. Until the router registers itself, a full page load does the job.
 */
type Navigate = (path: string) => void;

let navigator: Navigate = (path) => window.location.assign(path);

export const setNavigator = (navigate: Navigate): void => {
  navigator = navigate;
};

export const navigateTo = (path: string): void => navigator(path);

export const currentPath = (): string =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;
