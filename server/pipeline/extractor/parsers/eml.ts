import type { ParseContext, ParseOutput, Parser } from '../types';
import { readFastBody } from './email-fast-body';
import { headerFields, splitHead } from './email-headers';
import { assembleEmail, assertNotBlank } from './email-message';
import { readMimeBody } from './email-mime-body';

/**
 * Parses an RFC 822 / MIME message. The headers are read by our own code on every path; the body of
 * a simple single-part message by the fast path, anything else by mailparser (`route: 'mime'` forces
 * mailparser, so a test can hold both paths to the same answer).
 *
 * @example
 *   const output = await parseEml(bytes, context);
 *   output.message?.subject;
 */
export const parseEml = async (
  bytes: Uint8Array,
  context: ParseContext<'email'>,
  route: 'auto' | 'mime' = 'auto',
): Promise<ParseOutput> => {
  assertNotBlank(bytes, 'parseEmailEmpty');
  context.signal.throwIfAborted();
  const head = splitHead(bytes);
  const body = (route === 'auto' ? readFastBody(bytes, head) : null) ?? (await readMimeBody(bytes));
  context.signal.throwIfAborted();
  const fields = headerFields(head.fields, context.options.headers);
  return assembleEmail({ fields, ...body, warnings: [] }, context.options);
};

/** RFC 822 / MIME e-mail (.eml): message fields, one page with the body text, every attached part. */
export const emlParser: Parser<'email'> = {
  family: 'email',
  extensions: ['eml'],
  parse: (input, context) => parseEml(input.bytes, context),
};
