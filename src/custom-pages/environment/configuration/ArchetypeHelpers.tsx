import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { listBuiltinArchetypes } from '../../../../schemas/contracts/nlu';
import { useCall } from '../../../providers/useCall';
import { VariationsHelper } from './VariationsHelper';

/**
 * Beside the archetypes: the built-in archetypes (read-only, usable as sub-archetypes or
 * parameters) and the AI variations helper.
 */
export const ArchetypeHelpers = ({ envId }: { envId: string }) => {
  const translate = useTranslate();
  const builtins = useCall(listBuiltinArchetypes, { params: { envId } });
  return (
    <div>
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography>{translate('app.nlu.configuration.builtins.title')}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.nlu.configuration.builtins.intro')}
          </Typography>
          <ul aria-label={translate('app.nlu.configuration.builtins.title')}>
            {(builtins.data ?? []).map((b) => (
              <li key={b.name}>
                <code>{b.name}</code> — {b.description}: {b.examples.join(', ')}
              </li>
            ))}
          </ul>
        </AccordionDetails>
      </Accordion>
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography>{translate('app.nlu.configuration.variations.title')}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <VariationsHelper envId={envId} />
        </AccordionDetails>
      </Accordion>
    </div>
  );
};
