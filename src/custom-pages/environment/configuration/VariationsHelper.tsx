import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { archetypeVariations } from '../../../../schemas/contracts/nlu';
import { errorMessage } from '../../../api/errors';
import { useApiClient } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';

const archetypes = getResource('archetypes');

interface Proposal {
  value: string;
  kind: string;
}

/**
 * The "AI variations" helper (spec pipeline §2): forms of a term proposed to accept or reject;
 * the accepted ones are added as terms of the chosen archetype, nothing else is.
 */
export const VariationsHelper = ({ envId }: { envId: string }) => {
  const translate = useTranslate();
  const client = useApiClient();
  const notify = useNotify();
  const [update] = useUpdate();
  const resource = archetypes.apiResource(envId);
  const list = useGetList(resource, {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [term, setTerm] = useState('');
  const [language, setLanguage] = useState<'fr' | 'gb'>('fr');
  const [target, setTarget] = useState('');
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const [accepted, setAccepted] = useState<string[]>([]);

  const propose = async () => {
    try {
      const answer = await client.call(archetypeVariations, { params: { envId }, body: { term, language } });
      setProposals(answer.variations);
      setAccepted([]);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  const add = () => {
    const record = list.data?.find((a) => a.id === target);
    if (!record) return;
    const expressions = [
      ...((record.expressions as unknown[]) ?? []),
      ...accepted.map((value) => ({ type: 'term', value })),
    ];
    update(
      resource,
      { id: record.id, data: { expressions }, previousData: record },
      {
        onSuccess: () => {
          notify('app.nlu.configuration.variations.added', {
            type: 'success',
            messageArgs: { smart_count: accepted.length, name: record.name },
          });
          setProposals((p) => p.filter((v) => !accepted.includes(v.value)));
          setAccepted([]);
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <TextField
          label={translate('app.nlu.configuration.variations.term')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          size="small"
        />
        <TextField
          select
          label={translate('app.nlu.configuration.variations.language')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as 'fr' | 'gb')}
          size="small"
        >
          <MenuItem value="fr">{translate('resources.contexts.values.languages.fr')}</MenuItem>
          <MenuItem value="gb">{translate('resources.contexts.values.languages.gb')}</MenuItem>
        </TextField>
        <Button onClick={() => void propose()} disabled={!term.trim()}>
          {translate('app.nlu.configuration.variations.propose')}
        </Button>
      </Stack>
      {proposals.length > 0 ? (
        <>
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1 }}
            aria-label={translate('app.nlu.configuration.variations.proposals')}
          >
            {proposals.map((p) => {
              const on = accepted.includes(p.value);
              return (
                <Chip
                  key={p.value}
                  label={`${p.value} (${translate(`app.nlu.configuration.variations.kinds.${p.kind}`)})`}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  onClick={() => setAccepted((a) => (on ? a.filter((v) => v !== p.value) : [...a, p.value]))}
                  aria-pressed={on}
                />
              );
            })}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('app.nlu.configuration.variations.hint')}
          </Typography>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label={translate('app.nlu.configuration.variations.archetype')}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              size="small"
              sx={{ minWidth: 220 }}
            >
              {(list.data ?? []).map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {String(a.name)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={add} disabled={accepted.length === 0 || !target}>
              {translate('app.nlu.configuration.variations.add', { smart_count: accepted.length })}
            </Button>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
};
