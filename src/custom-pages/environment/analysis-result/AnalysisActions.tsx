import Cancel from '@mui/icons-material/Cancel';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FINAL_STATUSES } from '../../../../schemas/analysis-result';
import type { AnalysisRecord } from '../../../../schemas/contracts/analyses';
import {
  abortAnalysis,
  downloadAnalysisOriginal,
  downloadAnalysisResult,
  reanalyzeAnalysis,
} from '../../../../schemas/contracts/analyses';
import { errorMessage, HttpError } from '../../../api';
import { saveFile } from '../../../components/download';
import { useApiClient } from '../../../providers/ServicesContext';

interface AnalysisActionsProps {
  envId: string;
  analysis: AnalysisRecord;
  /** Abort and reanalyze are for qualifiers and above; downloads for everyone who sees the result. */
  canWrite: boolean;
  onChanged: (analysis: AnalysisRecord) => void;
}

/**
 * Spec §2 and §8: abort while the analysis waits or runs; reanalyze once it is finished ('already
 * being processed' when someone was quicker); download the original and the result. Failures are
 * notified, with the server's reason where it gives one.
 */
export const AnalysisActions = ({ envId, analysis, canWrite, onChanged }: AnalysisActionsProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const [busy, setBusy] = useState<string>();
  const params = { envId, id: analysis.id };
  const finished = FINAL_STATUSES.includes(analysis.status);

  const run = async (action: string, step: () => Promise<void>, failure: (error: unknown) => string) => {
    setBusy(action);
    try {
      await step();
    } catch (error) {
      notify(failure(error), { type: 'error' });
    } finally {
      setBusy(undefined);
    }
  };
  const failed = (key: string) => (error: unknown) =>
    translate(key, { reason: errorMessage(error), _: errorMessage(error) });

  const abort = () =>
    run(
      'abort',
      async () => {
        onChanged(await client.call(abortAnalysis, { params }));
        notify('app.analyses.result.aborted', { type: 'info' });
      },
      failed('app.analyses.result.abortFailed'),
    );
  const reanalyze = () =>
    run(
      'reanalyze',
      async () => {
        onChanged(await client.call(reanalyzeAnalysis, { params }));
        notify('app.analyses.result.reanalyzed', { type: 'info' });
      },
      (error) =>
        error instanceof HttpError && error.status === 409
          ? translate('app.analyses.result.alreadyProcessing')
          : failed('app.analyses.result.reanalyzeFailed')(error),
    );
  const original = () =>
    run(
      'original',
      async () => {
        saveFile(await client.call(downloadAnalysisOriginal, { params }), analysis.filename ?? 'original');
      },
      failed('app.analyses.result.originalFailed'),
    );
  const result = () =>
    run(
      'result',
      async () => {
        saveFile(await client.call(downloadAnalysisResult, { params }), `analysis-${analysis.id}.json`);
      },
      failed('app.analyses.result.downloadFailed'),
    );

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {canWrite && !finished ? (
        <Button
          color="warning"
          variant="outlined"
          startIcon={<Cancel />}
          loading={busy === 'abort'}
          onClick={() => void abort()}
        >
          {translate('app.analyses.result.abort')}
        </Button>
      ) : null}
      {canWrite && finished ? (
        <Button
          variant="outlined"
          startIcon={<Replay />}
          loading={busy === 'reanalyze'}
          onClick={() => void reanalyze()}
        >
          {translate('app.analyses.result.reanalyze')}
        </Button>
      ) : null}
      <Button
        startIcon={<FileDownloadOutlined />}
        loading={busy === 'original'}
        onClick={() => void original()}
      >
        {translate('app.analyses.result.downloadOriginal')}
      </Button>
      <Button startIcon={<FileDownloadOutlined />} loading={busy === 'result'} onClick={() => void result()}>
        {translate('app.analyses.result.downloadResult')}
      </Button>
    </Stack>
  );
};
