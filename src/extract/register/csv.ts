import { StringDecoder } from 'node:string_decoder';
import { RegisterError } from '../../errors.js';

/** One record of a CSV file: its fields and the line it starts on (the header is line 1). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/**
 * The records of a CSV stream (RFC 4180: `"` quotes a field, `""` is a quote inside one, records
 * end in LF or CRLF), read chunk by chunk: only the record in hand is held. A record longer than
 * `maxRecordChars` (a file without line ends, say) fails with one line rather than growing without
 * bound. A byte-order mark before the header is dropped; a blank line is skipped.
 */
export async function* csvRecords(
  chunks: AsyncIterable<Buffer | string>,
  label: string,
  maxRecordChars = 64 * 1024,
): AsyncGenerator<CsvRecord> {
  const decoder = new StringDecoder('utf8');
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  /** Just after a closing quote, inside a quoted field. */
  let afterQuote = false;
  let recordChars = 0;
  let line = 1;
  let startLine = 1;
  let first = true;
  const out: CsvRecord[] = [];

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) out.push({ fields, line: startLine });
    fields = [];
    field = '';
    recordChars = 0;
    startLine = line;
  };

  const consume = (text: string) => {
    let i = 0;
    if (first && text.length > 0) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    let from = i;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (quoted) {
        if (afterQuote) {
          afterQuote = false;
          if (c === 34) {
            field += '"';
            from = i + 1;
            continue;
          }
          quoted = false; // the quote closed the field; this character is read below
        } else {
          if (c === 34) {
            field += text.slice(from, i);
            afterQuote = true;
            from = i + 1;
          } else if (c === 10) line++;
          continue;
        }
      }
      if (c === 44) {
        field += text.slice(from, i);
        fields.push(field);
        field = '';
        from = i + 1;
      } else if (c === 10) {
        field += text.slice(from, i);
        if (field.endsWith('\r')) field = field.slice(0, -1);
        line++;
        endRecord();
        from = i + 1;
      } else if (c === 34 && field === '' && from === i) {
        quoted = true;
        from = i + 1;
      }
    }
    if (!afterQuote) field += text.slice(from);
    recordChars = field.length + fields.reduce((n, f) => n + f.length + 1, 0);
    if (recordChars > maxRecordChars) {
      throw new RegisterError(`${label}: line ${startLine} is longer than ${maxRecordChars} characters`);
    }
  };

  for await (const chunk of chunks) {
    consume(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    yield* out.splice(0);
  }
  consume(decoder.end());
  if (quoted && !afterQuote) throw new RegisterError(`${label}: line ${startLine} opens a quote it never closes`);
  quoted = false;
  if (field !== '' || fields.length > 0) endRecord();
  yield* out.splice(0);
}
