import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { listUseCaseTemplates, type UseCaseTemplate } from '../../../../schemas/contracts/configuration';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';

/** The use-case templates, each with what it is for, in the user's language. */
export const TemplatePicker = ({
  value,
  onChange,
}: {
  value: UseCaseTemplate | undefined;
  onChange: (template: UseCaseTemplate) => void;
}) => {
  const translate = useTranslate();
  const locale = useLocale() === 'en' ? 'en' : 'fr';
  const templates = useCall(listUseCaseTemplates, {});
  if (templates.status === 'pending') return <PageLoader />;
  if (templates.status === 'error')
    return <CallErrorAlert error={templates.error} onRetry={templates.retry} />;
  return (
    <FormControl>
      <FormLabel id="use-case-template">{translate('app.envNew.template')}</FormLabel>
      <RadioGroup
        aria-labelledby="use-case-template"
        value={value?.key ?? ''}
        onChange={(event) => onChange(templates.data.find((t) => t.key === event.target.value)!)}
      >
        {templates.data.map((t) => (
          <FormControlLabel
            key={t.key}
            value={t.key}
            control={<Radio />}
            label={
              <span>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {t.name[locale]}
                </Typography>
                <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
                  {t.description[locale]}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
};
