import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import type { TranslateFunction } from 'react-admin';

/** rjsf's own interface strings that our forms show, with their console translation keys. */
const keys: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddItemButton]: 'app.forms.rjsf.addItem',
  [TranslatableString.AddButton]: 'app.forms.rjsf.add',
  [TranslatableString.RemoveButton]: 'app.forms.rjsf.remove',
  [TranslatableString.MoveUpButton]: 'app.forms.rjsf.moveUp',
  [TranslatableString.MoveDownButton]: 'app.forms.rjsf.moveDown',
  [TranslatableString.CopyButton]: 'app.forms.rjsf.copy',
  [TranslatableString.ArrayItemTitle]: 'app.forms.rjsf.item',
  [TranslatableString.EmptyArray]: 'app.forms.rjsf.emptyArray',
  [TranslatableString.YesLabel]: 'ra.boolean.true',
  [TranslatableString.NoLabel]: 'ra.boolean.false',
  [TranslatableString.ClearButton]: 'ra.action.clear_input_value',
};

/** rjsf's `translateString` through the console's messages; strings we do not show stay English. */
export const rjsfStrings =
  (translate: TranslateFunction) =>
  (text: TranslatableString, params?: string[]): string => {
    const key = keys[text];
    return key
      ? translate(key, { _: englishStringTranslator(text, params) })
      : englishStringTranslator(text, params);
  };
