import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageLoader } from '../../../../components/PageLoader';
import { ChosenFiles } from '../ChosenFiles';
import { FilePicker } from './FilePicker';
import { MessageLines } from './MessageLines';
import { uploadProblems } from './uploadRules';

/** Where a test page's reading of its file stands. */
export type TestRun<A> =
  | { state: 'idle' }
  | { state: 'reading' }
  | { state: 'read'; answer: A }
  | { state: 'failed'; message: string };

/**
 * The one file of a test page (extractor, OCR data extraction): picked, checked against the upload
 * rules, then read by `send`; a failure is said by `failure` in the user's words.
 */
export const useTestFile = <A,>(send: (file: File) => Promise<A>, failure: (error: unknown) => string) => {
  const translate = useTranslate();
  const [file, setFile] = useState<File>();
  const [run, setRun] = useState<TestRun<A>>({ state: 'idle' });
  const read = async (picked: File) => {
    setFile(picked);
    const problems = uploadProblems([picked], { maxFiles: 1 });
    if (problems.length > 0)
      return setRun({ state: 'failed', message: problems.map((p) => translate(p.key, p.values)).join(' ') });
    setRun({ state: 'reading' });
    try {
      setRun({ state: 'read', answer: await send(picked) });
    } catch (error) {
      setRun({ state: 'failed', message: failure(error) });
    }
  };
  const clear = () => {
    setFile(undefined);
    setRun({ state: 'idle' });
  };
  return { file, run, read, clear };
};

/** The file picker of a test page, the file chosen, and the reading's progress or failure. */
export const TestFilePicker = <A,>({
  label,
  test,
}: {
  label: string;
  test: ReturnType<typeof useTestFile<A>>;
}) => (
  <>
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <FilePicker
        label={label}
        disabled={test.run.state === 'reading'}
        onPick={(files) => files[0] && void test.read(files[0])}
      />
      <ChosenFiles files={test.file ? [test.file] : []} onRemove={test.clear} />
    </Stack>
    {test.run.state === 'reading' ? <PageLoader /> : null}
    {test.run.state === 'failed' ? <MessageLines severity="error" lines={[test.run.message]} /> : null}
  </>
);
