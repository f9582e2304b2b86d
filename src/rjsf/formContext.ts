import type { RouteScope } from '../resources/types';

/** What generated forms hand their widgets (rjsf `formContext`): the scope the form works in. */
export interface ConsoleFormContext {
  scope: RouteScope;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** rjsf types the form context loosely; this reads ours back, or an empty scope outside a console form. */
export const scopeOf = (formContext: unknown): RouteScope =>
  isObject(formContext) && isObject(formContext.scope) ? (formContext.scope as RouteScope) : {};
