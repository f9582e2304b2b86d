import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';

export interface Panel {
  id: string;
  label: string;
  /** Rendered only while its tab is open: a preview or a trace costs nothing until asked for. */
  render: () => ReactNode;
}

/**
 * Tabs over panels, with the tab / tabpanel pairing screen readers expect. `initial` opens another
 * tab than the first (a link that leads to one, e.g. the categories of a test's false).
 */
export const TabbedPanels = ({
  panels,
  label,
  initial,
}: {
  panels: Panel[];
  label: string;
  initial?: string;
}) => {
  const prefix = useId();
  const [current, setCurrent] = useState(initial ?? panels[0]?.id);
  const open = panels.find((panel) => panel.id === current) ?? panels[0];
  if (!open) return null;
  return (
    <Box>
      <Tabs
        value={open.id}
        onChange={(_event, id: string) => setCurrent(id)}
        aria-label={label}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {panels.map((panel) => (
          <Tab
            key={panel.id}
            value={panel.id}
            label={panel.label}
            id={`${prefix}-tab-${panel.id}`}
            aria-controls={`${prefix}-panel-${panel.id}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${prefix}-panel-${open.id}`}
        aria-labelledby={`${prefix}-tab-${open.id}`}
        sx={{ pt: 3 }}
      >
        {open.render()}
      </Box>
    </Box>
  );
};
