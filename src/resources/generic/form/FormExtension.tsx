import { createContext, useContext, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { FormData } from './formSchema';

/** What a page may show beneath a generated form of one of its resources, live with its values. */
export type FormExtension = (form: {
  /** The resource's x-admin path (`categories`…). */
  resource: string;
  mode: 'create' | 'edit';
  /** The record as stored (edit), and the form's current, unsaved values. */
  record: RaRecord | undefined;
  formData: FormData;
  dirty: boolean;
}) => ReactNode;

const FormExtensionContext = createContext<FormExtension | null>(null);

/**
 * Lets a page add a panel to the generated forms it opens (in its lists' dialogs too), without
 * a bespoke form: the configuration page shows the impact preview under a category's form.
 */
export const FormExtensionProvider = FormExtensionContext.Provider;

export const useFormExtension = () => useContext(FormExtensionContext);
