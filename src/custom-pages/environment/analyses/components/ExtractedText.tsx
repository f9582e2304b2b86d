import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** Text as the extractor read it: line breaks kept, long texts scroll inside their box. */
export const ExtractedText = ({ text }: { text: string }) => {
  const translate = useTranslate();
  if (text.trim() === '')
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.analyses.extraction.noText')}
      </Typography>
    );
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        maxHeight: 360,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontFamily: 'monospace',
        fontSize: '0.8125rem',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      {text}
    </Box>
  );
};
