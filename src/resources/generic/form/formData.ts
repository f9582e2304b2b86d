import type { ErrorSchema } from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import type { FormData } from './formSchema';

/** Empty inputs count as unset: rjsf turns a cleared '' default into undefined. */
const meaningful = (data: FormData): FormData =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== ''));

/** Whether two versions of the form data differ in anything the user could see. */
export const sameFormData = (a: FormData, b: FormData): boolean => deepEquals(meaningful(a), meaningful(b));

/**
 * The server's field errors minus those of fields changed since the refused save: once the user
 * edits the field, the old complaint no longer applies to what they see.
 */
export const withoutChangedFields = (
  errors: ErrorSchema,
  submitted: FormData,
  current: FormData,
): ErrorSchema =>
  Object.fromEntries(
    Object.entries(errors).filter(
      ([field]) => field === '__errors' || deepEquals(submitted[field], current[field]),
    ),
  ) as ErrorSchema;
