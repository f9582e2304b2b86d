/** A file of a multipart form: its name and bytes. */
export interface FormFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
  type?: string;
}

/**
 * A multipart/form-data body, built by the platform's own FormData encoder, for `app.inject`.
 *
 * @example
 *   const body = await multipart({ type: 'file' }, [{ field: 'file', filename: 'a.eml', bytes }]);
 *   await app.inject({ method: 'POST', url, headers: { ...body.headers, authorization }, payload: body.payload });
 */
export const multipart = async (fields: Record<string, string>, files: FormFile[] = []) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) {
    form.append(
      f.field,
      new Blob([Buffer.from(f.bytes)], { type: f.type ?? 'application/octet-stream' }),
      f.filename,
    );
  }
  const request = new Request('http://localhost', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
};
