import type { Messages } from '../fr';
import type { specificationsFr } from './fr';

/** Messages of the environment's interface specification (spec pipeline §2 "specifications"), English. */
export const specificationsEn: Messages<typeof specificationsFr> = {
  intro:
    'What a client system’s developer needs to connect it to this environment: the key to send, the calls that submit a message and read its result, the modules that make the result and the webhooks that deliver it.',
  copy: 'Copy',
  copied: 'Command copied',
  authentication: {
    title: 'Authentication',
    text: 'Every call of the public API carries an access key of this environment in the Authorization header: Bearer, then the key. The key names the environment; the commands below read it from the KEY variable.',
    check: 'Check the key',
    environment: 'This check answers the key’s environment: here, the identifier %{id}.',
    keys: 'Access keys',
  },
  sending: {
    title: 'Submitting a message',
    file: 'A file (EML, MSG, PDF, Office document, spreadsheet, image) goes as multipart, in the file field. An Idempotency-Key already used answers the first analysis instead of creating a second one.',
    fileLabel: 'Submit a file',
    text: 'A text goes with type=text; metadata (a JSON object) comes with any submission and comes back with the result.',
    textLabel: 'Submit a text',
    answer:
      'The answer (201) carries the analysis’s identifier (id): the analysis is stored and queued before the answer. With ?wait=30, the answer waits for the analysis to end and carries its result.',
  },
  reading: {
    title: 'Reading the result',
    wait: 'The status is a few hundred bytes; with wait (0 to 60 seconds), it answers as soon as the analysis ends.',
    waitLabel: 'Wait for the analysis to end',
    result: 'Once the analysis has ended, read its result once, whole.',
    resultLabel: 'Read the result',
  },
  modules: {
    title: 'What the result holds',
    text: 'This environment’s active modules, in the order the pipeline runs them: each adds its part to the result.',
  },
  webhooks: {
    title: 'Receiving results by webhook',
    text: 'Each analysis that ends is posted to the environment’s active webhooks, signed with the webhook’s secret: the webhook-signature header carries the HMAC-SHA256 of the delivery’s identifier (webhook-id), its timestamp (webhook-timestamp) and the body. A failed delivery is tried again; each webhook’s log keeps every attempt.',
    link: 'Webhooks',
  },
  reference: {
    title: 'API reference',
    text: 'Every route of the API, its parameters and its answers, with a try from the browser.',
    link: 'Open the API reference',
  },
};
