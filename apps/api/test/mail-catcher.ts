import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps what it receives. While
 * `refusing` is set it answers every mail with a temporary failure (451), as
 * a mail server under maintenance does.
 */
export async function startMailCatcher() {
  const received: ParsedMail[] = [];
  const state = { refusing: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      state.refused += 1;
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** The last mail sent to `to`. */
    lastTo(to: string): ParsedMail | undefined {
      return received.filter((m) => m.to && JSON.stringify(m.to).includes(to)).at(-1);
    },
    /** Every mail sent to `to`. */
    allTo(to: string): ParsedMail[] {
      return received.filter((m) => m.to && JSON.stringify(m.to).includes(to));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
