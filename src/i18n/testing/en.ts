import type { Messages } from '../fr';
import type { testingFr } from './fr';

/** Messages of the testing centre's pages, English. Merged into `app.testing` by ../en.ts. */
export const testingEn: Messages<typeof testingFr> = {
  progress: '%{done} / %{total} messages',
  import: {
    title: 'Import files',
    choose: 'Choose files',
    rules:
      'Accepted extensions: %{extensions}. At most %{max} MB per file, %{count} files and %{total} MB per import.',
    tags: 'Tags',
    tagsHelp: 'Separated by commas or spaces; given to every imported file.',
    files: 'Chosen files',
    start: 'Import',
    tooMany: 'Beyond the %{max} files of one import',
    tooLargeTogether: 'Beyond the %{max} MB of one import',
    fates: {
      waiting: 'To import',
      sending: 'Importing…',
      success: 'Imported',
      failure: 'Failed',
      limit: 'Limit exceeded',
    },
    summary: '%{success} imported, %{failure} failed, %{limit} over the limits',
  },
  addToBank: {
    button: 'Add to the message bank',
    title: 'Add to the message bank',
    intro:
      'The analysis’s content joins the project’s message bank with the categories it should have given: a test will check them.',
    categories: 'Expected categories',
    categoriesHelp: 'What the analysis should have given; the detected categories are proposed.',
    qualified: 'Qualified (the expected categories are complete)',
    tagsHelp: 'Separated by commas or spaces.',
    add: 'Add',
    added: 'Message added to the bank',
  },
  sampling: {
    title: 'Sample analyses',
    intro:
      'Copies analyses of the project’s environments into the bank: the ones whose identifiers you give, or a random sample of those matching the filters (at least one).',
    environment: 'Environment',
    anyEnvironment: 'All environments',
    ids: 'Analysis identifiers',
    idsHelp: 'Separated by commas, spaces or new lines.',
    status: 'Status',
    anyStatus: 'All statuses',
    category: 'Detected category',
    from: 'Created from',
    to: 'Created until',
    count: 'Messages at most',
    sample: 'Sample',
    added: '%{smart_count} message added to the bank |||| %{smart_count} messages added to the bank',
  },
  launch: {
    title: 'Launch a test',
    tagOption: '%{tag} (%{smart_count} message) |||| %{tag} (%{smart_count} messages)',
    noTags: 'No message of the bank has a tag: tag messages to test them together.',
    manualHelp:
      'Automatic: each message as it was added. Enabled: every analysis waits for its final status. Disabled: none waits.',
    launch: 'Launch',
  },
  results: {
    title: 'Test “%{tag}”',
    running: 'The test is running: the scores show once every analysis has ended.',
    noScores:
      'No message is fully qualified for this test: there is no score to compute. Qualify the expectations of the tag’s messages.',
    analysisErrors:
      '%{smart_count} analysis failed: its expectations count as not detected. |||| %{smart_count} analyses failed: their expectations count as not detected.',
    notQualified:
      '%{smart_count} message not qualified for this kind (NO_QUALIFIED), left out of the scores. |||| %{smart_count} messages not qualified for this kind (NO_QUALIFIED), left out of the scores.',
    micro: 'Total (micro)',
    macro: 'Average (macro)',
    falses: 'Messages with errors (FP, FN)',
    message: 'Message',
    openAnalysis: 'Open the analysis: why this decision',
    exportCsv: 'Export as CSV',
    columns: {
      kind: 'Kind',
      classification: 'Classification',
      tp: 'TP',
      fp: 'FP',
      fn: 'FN',
      precision: 'Precision',
      sensitivity: 'Sensitivity',
      expected: 'Expected',
      detected: 'Detected',
      falses: 'Falses',
    },
  },
  errors: {
    SAMPLING_NO_FILTER: 'Sampling needs at least one filter',
    SAMPLING_BAD_ID: '“%{id}” is not an analysis identifier',
    SAMPLING_TOO_MANY: 'At most %{max} analyses at once',
    TEST_TAG_EMPTY: 'No message of the bank carries the tag “%{tag}”',
    TEST_ENVIRONMENT_UNKNOWN: 'This environment is not one of the project',
    TEST_NOT_FOUND: 'This test does not exist',
    MESSAGE_NOT_FOUND: 'This message does not exist',
    FILE_TOO_LARGE: 'The file is too large',
  },
};
