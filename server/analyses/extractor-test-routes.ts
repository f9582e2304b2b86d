import type { FastifyInstance, FastifyRequest } from 'fastify';
import { testOcrData } from '../../schemas/contracts/modules';
import { extractorSettingsBodySchema } from '../../schemas/extractor-settings';
import { ocrDataSettingsOf } from '../../schemas/ocr-data';
import { modulesOf, readSettingsRow } from '../configuration/modules';
import { contractRoute } from '../kernel/http/contract-route';
import { readExtractorSettings, writeExtractorSettings } from './pipeline-config';
import { ClientError } from '../kernel/http/errors';
import { readForm } from '../kernel/http/form';
import { TaskError, TimeLimitError } from '../pipeline-threads/pool';
import { withDefaults } from '../pipeline/extractor/settings';
import { warningsAnswer } from '../pipeline/stage';
import { requireLevel, resolveScope } from '../resources/access';
import { writeAudit } from '../resources/audit';
import { CONSOLE_API } from '../resources/routes';

const BASE = `${CONSOLE_API}/environments/:envId`;
/** The test page reads one file in the API process; it gets this long. */
const TEST_TIME_LIMIT_MS = 60_000;

type EnvRequest = FastifyRequest<{ Params: { envId: string } }>;

/**
 * The extractor module's settings (spec pipeline §3) and its test page: a file read with the
 * environment's saved settings, the extraction shown as the pipeline would get it.
 */
export const extractorRoutes = async (app: FastifyInstance) => {
  const { db, config } = app;
  app.addHook('onRequest', app.authenticate);

  const environment = async (request: EnvRequest, level: 'cockpit' | 'configurator') => {
    const scope = await resolveScope(db, request.auth, 'environment', request.params.envId);
    requireLevel(request.auth, scope, level);
    return scope;
  };

  app.get<{ Params: { envId: string } }>(`${BASE}/extractor-settings`, async (request) => {
    const scope = await environment(request, 'cockpit');
    return readExtractorSettings(db, scope.id!);
  });

  app.put<{ Params: { envId: string } }>(
    `${BASE}/extractor-settings`,
    { schema: { body: extractorSettingsBodySchema } },
    async (request) => {
      const scope = await environment(request, 'configurator');
      const settings = withDefaults(request.body as never);
      await db.transaction(async (tx) => {
        const before = await readExtractorSettings(tx, scope.id!);
        await writeExtractorSettings(tx, scope.id!, settings);
        await writeAudit(tx, {
          organisationId: scope.organisationId,
          actorId: request.auth.user.id,
          impersonatorId: request.auth.impersonator?.id,
          action: 'update',
          resource: 'extractor-settings',
          recordId: scope.id!,
          before: before as unknown as Record<string, unknown>,
          after: settings as unknown as Record<string, unknown>,
        });
      });
      return readExtractorSettings(db, scope.id!);
    },
  );

  /** The test file of a test page: one multipart part, within the upload limit. */
  const testFile = async (request: EnvRequest) => {
    if (!request.isMultipart())
      throw new ClientError(400, 'FILE_REQUIRED', 'Send the file as multipart form data');
    let file: { kind: 'file'; filename: string; bytes: Uint8Array } | undefined;
    for await (const part of readForm(request, { maxBytes: config.uploadMaxBytes, files: 1 })) {
      if (part.kind === 'file') file = { kind: 'file', filename: part.filename, bytes: part.bytes };
    }
    if (!file) throw new ClientError(400, 'FILE_REQUIRED', 'A file is required');
    return file;
  };

  /** A test page's reading, in a pipeline thread as analyses are read: no file makes the API wait. */
  const inThread = async <T>(read: () => Promise<T>) => {
    const started = Date.now();
    try {
      return { ...(await read()), durationMs: Date.now() - started };
    } catch (error) {
      if (error instanceof TimeLimitError) throw new ClientError(422, 'EXTRACTION_TIMEOUT', error.message);
      // The parser's reason, in English and by code (a trace message) when it has one: the console
      // says the code in the user's language, the English words otherwise.
      const trace = error instanceof TaskError ? error.trace : undefined;
      throw new ClientError(422, 'EXTRACTION_FAILED', (error as Error).message, {
        params: { reason: (error as Error).message, ...(trace && { trace }) },
      });
    }
  };
  const timeLimit = {
    ms: TEST_TIME_LIMIT_MS,
    message: `Reading the file took longer than ${TEST_TIME_LIMIT_MS / 1000} s`,
  };

  app.post<{ Params: { envId: string } }>(
    `${BASE}/extractor-test`,
    { bodyLimit: config.uploadMaxBytes + 65_536 },
    async (request) => {
      const scope = await environment(request, 'cockpit');
      const settings = await readExtractorSettings(db, scope.id!);
      if (!settings.enabled) {
        throw new ClientError(409, 'EXTRACTOR_DISABLED', 'The extractor is not enabled in this environment');
      }
      const file = await testFile(request);
      return inThread(async () => {
        const { extraction, warnings } = await app.pipelines.task(
          'extract',
          [file, settings],
          timeLimit,
        );
        return { extraction, ...warningsAnswer(warnings) };
      });
    },
  );

  app.route({
    ...contractRoute(testOcrData),
    bodyLimit: config.uploadMaxBytes + 65_536,
    handler: async (request: EnvRequest) => {
      const scope = await environment(request, 'cockpit');
      const row = await readSettingsRow(db, scope.id!);
      if (!modulesOf(row?.settings ?? {}, row?.extractor).some((m) => m.type === 'ocrDataExtraction'))
        throw new ClientError(
          409,
          'OCR_DATA_DISABLED',
          "The OCR data extraction module is not in this environment's pipeline",
        );
      const settings = ocrDataSettingsOf(row?.settings?.ocrData);
      if (!settings.fields.length)
        throw new ClientError(409, 'OCR_DATA_NO_FIELD', 'The OCR data extraction has no field to read yet');
      const extractorSettings = await readExtractorSettings(db, scope.id!);
      const file = await testFile(request);
      return inThread(() =>
        app.pipelines.task('ocrDataTest', [file, extractorSettings, settings], timeLimit),
      );
    },
  });
};
