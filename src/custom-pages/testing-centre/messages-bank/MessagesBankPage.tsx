import Shuffle from '@mui/icons-material/Shuffle';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { useTranslate } from 'react-admin';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useResourceAccess } from '../../../resources/useResourceAccess';
import { useRouteScope } from '../../../resources/useRouteScope';
import { BankBulkActions } from './BankBulkActions';
import { ImportDialog } from './ImportDialog';
import { SamplingDialog } from './SamplingDialog';

const messages = getResource('messages');

const STATUS_COLOURS = {
  qualified: 'success',
  partially_qualified: 'warning',
  not_qualified: 'default',
} as const;

/**
 * The message bank (spec pipeline §2): the generated list of the project's messages — search,
 * filters by tag, qualification status and type, server-side pages, batch delete — where a pasted
 * text is added with the generated form, files are imported many at once, and analyses sampled.
 */
export const MessagesBankPage = () => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const [dialog, setDialog] = useState<'import' | 'sampling'>();
  const access = useResourceAccess(messages, scope);
  const cells = useMemo(
    () => ({
      tags: ({ tags }: RaRecord) =>
        Array.isArray(tags) ? (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {tags.map((tag: string) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" />
            ))}
          </Stack>
        ) : null,
      qualificationStatus: ({ qualificationStatus: status }: RaRecord) =>
        typeof status === 'string' && status in STATUS_COLOURS ? (
          <Chip
            size="small"
            color={STATUS_COLOURS[status as keyof typeof STATUS_COLOURS]}
            label={translate(`resources.messages.values.qualificationStatus.${status}`)}
          />
        ) : null,
    }),
    [translate],
  );
  const List = messages.list;
  return (
    <ResourcePageFrame titleKey="app.routes.messagesBank" wide>
      <List
        resource={messages}
        scope={scope}
        cells={cells}
        bulkActions={access.edit ? <BankBulkActions projectId={scope.projectId ?? ''} /> : undefined}
        actions={
          access.create ? (
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setDialog('import')}>
                {translate('app.testing.import.title')}
              </Button>
              <Button variant="outlined" startIcon={<Shuffle />} onClick={() => setDialog('sampling')}>
                {translate('app.testing.sampling.title')}
              </Button>
            </Stack>
          ) : null
        }
      />
      <ImportDialog
        open={dialog === 'import'}
        projectId={scope.projectId ?? ''}
        onClose={() => setDialog(undefined)}
      />
      <SamplingDialog
        open={dialog === 'sampling'}
        projectId={scope.projectId ?? ''}
        onClose={() => setDialog(undefined)}
      />
    </ResourcePageFrame>
  );
};
