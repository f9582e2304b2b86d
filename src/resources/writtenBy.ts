import type { ResourceDescriptor } from './types';

/**
 * The resource as the signed-in user may write it: for anyone but platform staff, its `staffOnly`
 * fields (an organisation's contract and quota) are read-only, as the server holds them.
 *
 * @example
 * const resource = writtenBy(getResource('organisations'), user?.role === 'staff');
 */
export const writtenBy = (resource: ResourceDescriptor, isStaff: boolean): ResourceDescriptor => {
  const staffOnly = new Set<string>(resource.hints.staffOnly ?? []);
  if (isStaff || staffOnly.size === 0) return resource;
  return {
    ...resource,
    fields: resource.fields.map((field) =>
      staffOnly.has(field.name) ? { ...field, readOnly: true } : field,
    ),
  };
};
