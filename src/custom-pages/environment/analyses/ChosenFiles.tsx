import Cancel from '@mui/icons-material/Cancel';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useLocale, useTranslate } from 'react-admin';
import { formatBytes } from './components/format';

/** The files chosen for an analysis, each with its size and a way to take it back. */
export const ChosenFiles = ({
  files,
  onRemove,
}: {
  files: readonly File[];
  onRemove: (index: number) => void;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  if (files.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="list">
      {files.map((file, index) => (
        <Chip
          key={`${index} ${file.name}`}
          role="listitem"
          label={`${file.name} (${formatBytes(file.size, locale)})`}
          onDelete={() => onRemove(index)}
          deleteIcon={<Cancel titleAccess={translate('app.analyses.upload.remove', { name: file.name })} />}
        />
      ))}
    </Stack>
  );
};
