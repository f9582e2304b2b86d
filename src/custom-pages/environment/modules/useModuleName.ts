import { useTranslate } from 'react-admin';
import type { ModuleView } from '../../../../schemas/contracts/modules';

/** A module's name as the console shows it: the one its settings give, else its type's own. */
export const useModuleName = () => {
  const translate = useTranslate();
  return (m: Pick<ModuleView, 'type' | 'name'>) => m.name || translate(`app.modules.types.${m.type}`);
};
