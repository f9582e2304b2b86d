/**
 * Field paths in the shapes errors arrive in — rjsf's `.projects.0.access` or `firstname`, the
 * server's `projects/0/access` or `projects.0.access` — as data segments and as the translation
 * path (`projects.access`, indexes dropped) of `resources.<res>.fields|errors.*`.
 */
export const pathSegments = (path: string): string[] =>
  path
    .replace(/\[(\d+)\]/g, '.$1')
    .split(/[./]/)
    .filter((segment) => segment !== '');

export const translationPath = (segments: string[]): string =>
  segments.filter((segment) => !/^\d+$/.test(segment)).join('.');
