/** A reply Helixis sends through a connected mailbox. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Message-ID of the mail answered (threads the reply in the recipient's client). */
  inReplyTo?: string | null;
}

/** RFC 2047 encoded-word for a header value that is not plain ASCII. */
function headerValue(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

/** An RFC 5322 message with a UTF-8 text body (base64, 76-character lines); the mailbox fills From. */
export function rfc822(mail: OutgoingMail): string {
  const body = Buffer.from(mail.text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  const headers = [
    `To: ${headerValue(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
  ];
  if (mail.inReplyTo) {
    const id = headerValue(mail.inReplyTo);
    headers.push(`In-Reply-To: ${id}`, `References: ${id}`);
  }
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}

/** Reads back what `rfc822` wrote (the fakes record what they received). */
export function parseRfc822(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const rest = split === -1 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWord(line.slice(colon + 1).trim());
  }
  const base64 = headers['content-transfer-encoding']?.toLowerCase() === 'base64';
  const text = base64 ? Buffer.from(rest.replace(/\s+/g, ''), 'base64').toString('utf8') : rest;
  return { headers, text };
}

function decodeWord(value: string): string {
  const m = /^=\?UTF-8\?B\?([^?]*)\?=$/i.exec(value);
  return m ? Buffer.from(m[1] ?? '', 'base64').toString('utf8') : value;
}
