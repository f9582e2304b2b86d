import type { SxProps } from '@mui/material/styles';

/** Text for screen readers only: present in the accessibility tree, invisible on screen. */
export const visuallyHidden: SxProps = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
