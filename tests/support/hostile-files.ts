import { zipSync } from 'fflate';

/** Hostile inputs, built at test time (no large fixture in the repository). */

/** A DOCX whose document.xml inflates to `megabytes` MB of zeros from a few hundred KB. */
export const zipBombDocx = (megabytes = 200): Uint8Array =>
  zipSync(
    {
      '[Content_Types].xml': new TextEncoder().encode('<?xml version="1.0"?><Types/>'),
      'word/document.xml': new Uint8Array(megabytes * 1_048_576),
    },
    { level: 9 },
  );

/** A valid PDF of `pages` pages, each saying "Page N". */
export const manyPagesPdf = (pages: number): Uint8Array => {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (let i = 1; i <= pages; i++) {
    const stream = `BT /F1 12 Tf 72 720 Td (Page ${i}) Tj ET`;
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
};

/** An email with `count` small text attachments. */
export const manyAttachmentsEml = (count: number): Uint8Array => {
  const boundary = 'b0undary';
  const parts = [`--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nSee the files.\r\n`];
  for (let i = 0; i < count; i++) {
    parts.push(
      `--${boundary}\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename="f${i}.txt"\r\n\r\nfile ${i}\r\n`,
    );
  }
  return new TextEncoder().encode(
    [
      'From: flood@example.com',
      'To: support@example.com',
      'Subject: Many attachments',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      parts.join('') + `--${boundary}--\r\n`,
    ].join('\r\n'),
  );
};
