import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A drafted reply or a prompt, as text with its line breaks, in a titled region. */
export const Draft = ({ title, text }: { title: string; text: string }) => (
  <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
    <Typography variant="subtitle2" gutterBottom>
      {title}
    </Typography>
    <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
      {text}
    </Typography>
  </Paper>
);
