import type { RJSFSchema } from '@rjsf/utils';
import { conditionsOf } from '../../schemas/_defs/conditions';
import { extractorFormSchema } from '../custom-pages/extractor-settings/extractorForm';
import { formSchema } from '../resources/generic/form/formSchema';
import { resourceRegistry } from '../resources/registry';

/**
 * Every schema the console's forms validate against, each as rjsf receives it: the create and edit
 * forms of every resource, the `if` of each of their conditions (payloadOf checks them alone), and
 * the extractor settings' form. All are known at build time: their validators are compiled then
 * (scripts/form-validators), so that no form compiles code in the browser, whose policy forbids it
 * (docs/security.md, "What the browser is told"). A form with a new schema adds it here.
 */
export const formRootSchemas = (): RJSFSchema[] => [
  extractorFormSchema(),
  ...resourceRegistry.flatMap((resource) => [
    formSchema(resource, 'create'),
    formSchema(resource, 'edit'),
    ...conditionsOf(resource.schema).map((condition) => condition.if as RJSFSchema),
  ]),
];
