import { withTheme } from '@rjsf/core';
import type { ThemeProps } from '@rjsf/core';
import { Theme } from '@rjsf/mui';
import { CodeWidget } from './CodeWidget';
import { DateTimeWidget, DateWidget } from './DateWidgets';
import { JsonField } from './JsonField';
import { ProjectRuleWidget } from './ProjectRuleWidget';
import { ReferenceWidget } from './ReferenceWidget';

/**
 * rjsf's MUI theme plus the console's own widgets, gathered in one theme object (STYLE.md, after
 * rjsf's packages/mui): forms name a widget in their uiSchema and find it here.
 */
export const consoleTheme: ThemeProps = {
  ...Theme,
  widgets: {
    ...Theme.widgets,
    // Dates in the user's pattern and week (spec platform-shell §9), not the browser's.
    DateWidget,
    DateTimeWidget,
    reference: ReferenceWidget,
    projectRule: ProjectRuleWidget,
    code: CodeWidget,
  },
  fields: { ...Theme.fields, json: JsonField },
};

/** The form component of every generated form (STYLE.md rule 2: inside EditBase / CreateBase). */
export const ConsoleForm = withTheme(consoleTheme);
