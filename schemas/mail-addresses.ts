/**
 * The addresses of a simulated mail (spec pipeline §5: "address fields must include an at sign"),
 * as a mail client writes them: bare (`jean.dupont@example.fr`) or with a display name
 * (`Jean Dupont <jean.dupont@example.fr>`, `"Dupont, Jean" <jean.dupont@example.fr>`), several
 * separated by commas. The console checks them before sending and the server again on receipt.
 */

/** The addresses of a field, split at the commas outside quotes and angle brackets. */
export const splitAddresses = (value: string): string[] => {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (const char of value) {
    if (char === '"' && !angled) quoted = !quoted;
    else if (char === '<' && !quoted) angled = true;
    else if (char === '>' && !quoted) angled = false;
    if (char === ',' && !quoted && !angled) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
};

const BARE = /^[^@\s<>",]+@[^@\s<>",]+$/;
/** A display name (quoted, or plain text without brackets or quotes) and the address in brackets. */
const NAMED = /^(?:"(?:[^"\\]|\\.)*"|[^"<>]*)\s*<\s*([^<>\s]+)\s*>$/;

/** Whether one address (trimmed) is bare or a display name with its address in angle brackets. */
export const isMailAddress = (address: string): boolean => {
  if (BARE.test(address)) return true;
  const named = NAMED.exec(address);
  return named !== null && BARE.test(named[1]);
};

/**
 * Whether every address of a field is one (an empty part, as after a trailing comma, is not).
 *
 * @example
 *   mailAddressesAreValid('Jean Dupont <jean.dupont@example.fr>, support@acme.test'); // true
 *   mailAddressesAreValid('Jean Dupont'); // false
 */
export const mailAddressesAreValid = (value: string): boolean => splitAddresses(value).every(isMailAddress);
