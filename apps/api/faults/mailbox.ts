import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server that can refuse (421, as a mail server going down does) and accept again. */
export class Mailbox {
  readonly received: ParsedMail[] = [];
  accepting = true;
  refusals = 0;

  private constructor(private readonly server: SMTPServer) {}

  static async start(): Promise<Mailbox> {
    const box: { current?: Mailbox } = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        if (box.current!.accepting) return callback();
        box.current!.refusals += 1;
        callback(
          Object.assign(new Error('Service not available, closing transmission channel'), { responseCode: 421 }),
        );
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            box.current!.received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    box.current = new Mailbox(server);
    return box.current;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Order numbers of the "order confirmed" mails received, one entry per mail. */
  confirmations(): number[] {
    return this.received.flatMap((m) => {
      const n = /Order #?(\d+) confirmed/.exec(m.subject ?? '')?.[1];
      return n ? [Number(n)] : [];
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
