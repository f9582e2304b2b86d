import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import {
  isCategoryAction,
  POST_PROCESSING_ACTIONS,
  POST_PROCESSING_LIMITS,
  postProcessingProblems,
  type PostProcessingAction,
  type PostProcessingProblem,
  type PostProcessingRule,
  type PostProcessingSettings,
} from '../../../../schemas/post-processing';
import { CodeField } from '../../../components/code/CodeField';
import { saidParams } from '../../../i18n/errorCodes';
import { stillRefused, type ModuleSettingsProps } from './serverProblems';

type Translate = ReturnType<typeof useTranslate>;

/** What a rule's target is, by its action: a category, a taint, or an extracted value's key. */
const targetKind = (action: PostProcessingAction) =>
  isCategoryAction(action) ? 'category' : action === 'setData' ? 'key' : 'taint';

/**
 * A problem's console words, by its code, with its parameters (the server's as the console's); a
 * parameter that is a coded problem itself (a template's `reason`: its line, the engine's words as a
 * technical detail) is said first, in the same language.
 */
const problemText = (
  translate: Translate,
  code: string,
  params: Record<string, unknown>,
  action?: PostProcessingAction,
) =>
  translate(
    `app.modules.postProcessing.problems.${code === 'targetRequired' && action ? `${code}.${targetKind(action)}` : code}`,
    {
      name: '',
      category: '',
      key: '',
      reason: '',
      ...saidParams(translate, params),
      _: translate('app.modules.ocrData.problems.refused'),
    },
  );

const consoleText = (translate: Translate, p: PostProcessingProblem) => {
  const { code, path: _path, message: _message, ...params } = p;
  return problemText(translate, code, params, 'action' in p ? p.action : undefined);
};

/**
 * The post-processing's rules (schemas/post-processing.ts; docs/nlu.md "Post-processing"): each a
 * name, a Twig condition, an action and its target (a message category, a taint, a key and its
 * value template), in the order they run, which the user can change. Problems show as the user
 * types (categories against the environment's message `categories`, once loaded); the templates'
 * are the server's, said on save (`serverProblems`) while the value is unchanged.
 */
export const PostProcessingSettingsForm = ({
  value,
  onChange,
  categories,
  serverProblems,
  refusedValue,
}: ModuleSettingsProps<PostProcessingSettings>) => {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) =>
    translate(`app.modules.postProcessing.${key}`, values);
  const problems: Record<string, string> = {
    ...Object.fromEntries(
      stillRefused(serverProblems, refusedValue, value).map(([path, p]) => [
        path,
        p.keyword ? problemText(translate, p.keyword, p.params ?? {}) : t('problems.refused'),
      ]),
    ),
    ...Object.fromEntries(
      postProcessingProblems(value, undefined, categories).map((p) => [p.path, consoleText(translate, p)]),
    ),
  };
  const rules = value.rules;
  const setRules = (next: PostProcessingRule[]) => onChange({ ...value, rules: next });
  const setRule = (index: number, change: Partial<PostProcessingRule>) =>
    setRules(rules.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    setRules(next);
  };
  const title = t('title');

  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      {rules.length === 0 ? <Alert severity="info">{t('empty')}</Alert> : null}
      {rules.map((rule, index) => {
        const path = `rules.${index}`;
        const n = index + 1;
        const kind = targetKind(rule.action);
        // A category that no longer exists stays choosable, with its problem, until it is changed.
        const choices = [...new Set([...(categories ?? []), ...(rule.target ? [rule.target] : [])])];
        const target = {
          label: t(`target.${kind}`),
          value: rule.target,
          onChange: (e: { target: { value: string } }) => setRule(index, { target: e.target.value }),
          error: Boolean(problems[`${path}.target`]),
          helperText: problems[`${path}.target`] ?? t(`target.${kind}Help`),
          sx: { flex: 1 },
        };
        return (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={t('rule', { n })}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={t('name')}
                  value={rule.name}
                  onChange={(e) => setRule(index, { name: e.target.value })}
                  error={Boolean(problems[`${path}.name`])}
                  helperText={problems[`${path}.name`]}
                  slotProps={{ htmlInput: { maxLength: POST_PROCESSING_LIMITS.name } }}
                  sx={{ flex: 1 }}
                />
                <IconButton
                  aria-label={t('moveUp', { n })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpward />
                </IconButton>
                <IconButton
                  aria-label={t('moveDown', { n })}
                  disabled={index === rules.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownward />
                </IconButton>
                <IconButton
                  aria-label={t('remove', { n })}
                  onClick={() => setRules(rules.filter((_, i) => i !== index))}
                >
                  <DeleteOutline />
                </IconButton>
              </Stack>
              <CodeField
                label={t('when')}
                language="twigExpression"
                minLines={2}
                value={rule.when}
                onChange={(when) => setRule(index, { when })}
                problems={problems[`${path}.when`] ? [problems[`${path}.when`]] : []}
                helperText={problems[`${path}.when`] ?? t('whenHelp')}
                maxLength={POST_PROCESSING_LIMITS.when}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  select
                  label={t('action')}
                  value={rule.action}
                  onChange={(e) =>
                    setRule(index, {
                      action: e.target.value as PostProcessingAction,
                      // A category is not a taint nor a key: the target starts again when its kind changes.
                      ...(targetKind(e.target.value as PostProcessingAction) === kind ? {} : { target: '' }),
                    })
                  }
                  sx={{ minWidth: 240 }}
                >
                  {POST_PROCESSING_ACTIONS.map((action) => (
                    <MenuItem key={action} value={action}>
                      {t(`actions.${action}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {kind === 'category' ? (
                  <TextField select {...target}>
                    {choices.map((name) => (
                      <MenuItem key={name} value={name}>
                        {name}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <TextField
                    {...target}
                    slotProps={{ htmlInput: { maxLength: POST_PROCESSING_LIMITS.target } }}
                  />
                )}
              </Stack>
              {rule.action === 'setData' ? (
                <CodeField
                  label={t('value')}
                  language="twig"
                  minLines={2}
                  value={rule.value}
                  onChange={(next) => setRule(index, { value: next })}
                  problems={problems[`${path}.value`] ? [problems[`${path}.value`]] : []}
                  helperText={problems[`${path}.value`] ?? t('valueHelp')}
                  maxLength={POST_PROCESSING_LIMITS.value}
                />
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      <div>
        <Button
          startIcon={<Add />}
          disabled={rules.length >= POST_PROCESSING_LIMITS.rules}
          onClick={() =>
            setRules([...rules, { name: '', when: '', action: 'addTaint', target: '', value: '' }])
          }
        >
          {t('addRule')}
        </Button>
      </div>
    </Stack>
  );
};
