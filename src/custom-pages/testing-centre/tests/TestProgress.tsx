import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** How many of a test's messages ended, as a bar and in words. */
export const TestProgress = ({ done, total }: { done: number; total: number }) => {
  const translate = useTranslate();
  const label = translate('app.testing.progress', { done, total });
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress variant="determinate" value={total > 0 ? (100 * done) / total : 0} aria-label={label} />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
};
