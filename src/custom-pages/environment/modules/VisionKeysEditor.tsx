import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { VISION_LIMITS, type VisionKey } from '../../../../schemas/vision';

/**
 * The categories of a strict classification or the fields of a strict extraction (spec pipeline §3
 * "Vision engine": key and description), one row each, added and removed. `problems` are the
 * messages to show, by path (`categories`, `categories.0.key`).
 */
export const VisionKeysEditor = ({
  list,
  keys,
  onChange,
  problems,
}: {
  list: 'categories' | 'fields';
  keys: VisionKey[];
  onChange: (keys: VisionKey[]) => void;
  problems: Record<string, string>;
}) => {
  const translate = useTranslate();
  const label = (name: string, n?: number) => translate(`app.modules.vision.${list}.${name}`, { n });
  const title = label('title');
  const set = (index: number, change: Partial<VisionKey>) =>
    onChange(keys.map((k, i) => (i === index ? { ...k, ...change } : k)));

  return (
    <Stack spacing={1} role="group" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label('help')}
      </Typography>
      {keys.map((k, index) => {
        const path = `${list}.${index}`;
        return (
          // Rows have no identity of their own: the key is what the user is typing.
          <Stack
            key={index}
            direction="row"
            spacing={1}
            role="group"
            aria-label={label('row', index + 1)}
            sx={{ alignItems: 'flex-start' }}
          >
            <TextField
              size="small"
              label={translate('app.modules.vision.key')}
              value={k.key}
              onChange={(e) => set(index, { key: e.target.value })}
              error={Boolean(problems[`${path}.key`])}
              helperText={problems[`${path}.key`]}
              sx={{ width: 220 }}
            />
            <TextField
              size="small"
              label={translate('app.modules.vision.description')}
              value={k.description}
              onChange={(e) => set(index, { description: e.target.value })}
              error={Boolean(problems[`${path}.description`])}
              helperText={problems[`${path}.description`]}
              slotProps={{ htmlInput: { maxLength: VISION_LIMITS.description } }}
              sx={{ flex: 1 }}
            />
            <IconButton
              aria-label={label('remove', index + 1)}
              onClick={() => onChange(keys.filter((_k, i) => i !== index))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Stack>
        );
      })}
      {problems[list] ? <Alert severity="error">{problems[list]}</Alert> : null}
      <div>
        <Button
          startIcon={<Add />}
          disabled={keys.length >= VISION_LIMITS.keys}
          onClick={() => onChange([...keys, { key: '', description: '' }])}
        >
          {label('add')}
        </Button>
      </div>
    </Stack>
  );
};
