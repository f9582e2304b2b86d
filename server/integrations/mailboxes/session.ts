import { createHash } from 'node:crypto';
import type { ConnectorProblem } from '../../../schemas/contracts/connectors';
import type { WriteBack } from './rules';

// What every mailbox (IMAP, Microsoft Graph) gives the runs (runs.ts): new messages in batches,
// the write-back of ended analyses, and failures said by code. docs/connectors.md "Runs".

/** A failure the connector shows: a stable code, the English sentence, and what the console needs. */
export class ConnectorFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
    /** Seconds the server asked to wait before the next try. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ConnectorFailure';
  }

  get problem(): ConnectorProblem {
    return { code: this.code, message: this.message, params: this.params };
  }
}

/** Where a message is in its mailbox, as the write-back finds it again (its app type's own fields). */
export type MessageLocation = Record<string, unknown> & {
  messageId: string | null;
  subject: string | null;
  from: string | null;
};

export interface FetchedMessage {
  key: string;
  raw: Buffer;
  subject: string | null;
  from: string | null;
  messageId: string | null;
  location: MessageLocation;
}

export interface FetchBatch {
  messages: FetchedMessage[];
  /** The cursor once this batch is recorded. */
  cursor: Record<string, unknown>;
  found: number;
  blacklisted: number;
  tooLarge: number;
}

/** A manual run's window, or the scheduled run's start date. */
export interface FetchWindow {
  from: Date;
  to: Date | null;
  /** Manual runs read the window whatever the cursor, and leave the cursor where it is. */
  manual: boolean;
}

/** A message's key: its Message-ID, or the SHA-256 of its bytes when it has none. */
export const messageKey = (messageId: string | null | undefined, raw: Buffer) =>
  messageId?.trim() ? `mid:${messageId.trim()}` : `sha256:${createHash('sha256').update(raw).digest('hex')}`;

/** A signed-in mailbox, for one run. */
export interface MailboxSession {
  /** New messages past the cursor (or in a manual run's window), in batches, `limit` at most. */
  fetch(
    cursor: Record<string, unknown>,
    window: FetchWindow,
    options: { maxBytes: number; limit: number },
  ): AsyncGenerator<FetchBatch>;
  /** Writes back what ended analyses give: per item, null when done or the problem. */
  writeBack(
    items: { location: MessageLocation; writeBack: WriteBack }[],
  ): Promise<(ConnectorProblem | null)[]>;
  close(): Promise<void>;
}
