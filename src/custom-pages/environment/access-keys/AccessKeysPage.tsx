import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { NewKeyDialog } from './NewKeyDialog';

const accessKeys = getResource('access-keys');

/**
 * The keys machines use to call the public API for this environment: name, owner, last use;
 * created with their secret shown once, revoked by deleting them.
 */
export const AccessKeysPage = () => {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string>();
  const List = accessKeys.list;
  return (
    <ResourcePageFrame titleKey="app.routes.accessKeys">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.accessKeys.intro')}
      </Typography>
      <List
        resource={accessKeys}
        scope={useRouteScope()}
        onCreated={(record) => setSecret(typeof record.secret === 'string' ? record.secret : undefined)}
      />
      <NewKeyDialog secret={secret} onClose={() => setSecret(undefined)} />
    </ResourcePageFrame>
  );
};
