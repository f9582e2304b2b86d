/**
 * The extension an unnamed part of each common type is saved with (the reverse of media-types.ts,
 * which maps file names to types).
 */
const EXTENSIONS: [mime: string, extension: string][] = [
  ['text/plain', 'txt'],
  ['text/html', 'html'],
  ['text/watch-html', 'html'],
  ['text/csv', 'csv'],
  ['text/calendar', 'ics'],
  ['text/xml', 'xml'],
  ['text/rtf', 'rtf'],
  ['message/rfc822', 'eml'],
  ['message/delivery-status', 'txt'],
  ['message/disposition-notification', 'txt'],
  ['application/vnd.ms-outlook', 'msg'],
  ['application/pdf', 'pdf'],
  ['application/msword', 'doc'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.ms-excel', 'xls'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.ms-excel.sheet.macroenabled.12', 'xlsm'],
  ['application/vnd.ms-powerpoint', 'ppt'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ['application/vnd.ms-powerpoint.presentation.macroenabled.12', 'pptm'],
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
  ['application/vnd.oasis.opendocument.presentation', 'odp'],
  ['application/rtf', 'rtf'],
  ['application/zip', 'zip'],
  ['application/json', 'json'],
  ['application/xml', 'xml'],
  ['application/pkcs7-signature', 'p7s'],
  ['application/octet-stream', 'bin'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/jpg', 'jpg'],
  ['image/pjpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/tiff', 'tif'],
  ['image/bmp', 'bmp'],
  ['image/webp', 'webp'],
  ['image/svg+xml', 'svg'],
  ['audio/mpeg', 'mp3'],
  ['audio/mp3', 'mp3'],
];

const BY_MIME = new Map(EXTENSIONS);

/** The extension to name an unnamed part of this type with: `txt` for other text, else `bin`. */
export const extensionForMime = (mime: string): string => {
  const type = mime.toLowerCase().split(';')[0].trim();
  return BY_MIME.get(type) ?? (type.startsWith('text/') ? 'txt' : 'bin');
};

/** The lower-case extension of a file name, without the dot; '' when it has none. */
export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
};
