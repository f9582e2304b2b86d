import Paper from '@mui/material/Paper';
import documentation from '../../../docs/nlu.md?raw';
import { Markdown } from '../../components/Markdown';
import { ResourcePageFrame } from '../../resources/ResourcePageFrame';

/** docs/nlu.md, the same text the repository holds (it is written in English). */
export const ConfigurationHelpPage = () => (
  <ResourcePageFrame titleKey="app.routes.configurationHelp">
    <Paper variant="outlined" sx={{ p: 3 }} lang="en">
      <Markdown source={documentation} />
    </Paper>
  </ResourcePageFrame>
);
