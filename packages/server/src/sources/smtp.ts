/**
 * The inbound SMTP listener (RFC 5321) of email forwarding, on `smtp-server`.
 *
 * - RCPT TO: only the organizations' inbound addresses are accepted (`550 5.1.1` otherwise);
 *   an address whose organization has forwarding off is refused with `550 5.7.1` and audited.
 * - The sender is checked against the organization's allowlist. Under the sender policy
 *   `ALLOWLIST_AND_DMARC` (the default) the `From:` address must be listed and its domain must
 *   have authenticated the message (DKIM, SPF for the client address, DMARC alignment;
 *   email-auth.ts): a listed sender that fails is quarantined (`550 5.7.26`, audited
 *   `QUARANTINED` with the reason), a DNS failure answers `451 4.7.5` so the sender retries.
 *   Under `ALLOWLIST_ONLY` the envelope sender (MAIL FROM) or the `From:` address is enough.
 *   A sender not listed → `550 5.7.1` (audited with the reason).
 * - Accepted mail is ingested as a `.eml` document (`250`); a quota refusal answers `452`/`552`
 *   so that the sending server retries or bounces.
 *
 * No AUTH (it is an MX, not a submission server) and no STARTTLS unless a certificate is
 * configured in front of it. The announced SIZE is `SERVICE_SMTP_MAX_MESSAGE_BYTES`.
 */
import type { AddressInfo } from 'node:net';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import type { AppContext } from '../context.js';
import { HttpProblem } from '../http/problem.js';
import {
  allowlistPatterns,
  audit,
  type InboundRecipient,
  ingestMessage,
  messageHeaders,
  resolveRecipient,
  senderAllowed,
} from './email.js';
import { authenticateSender, type DnsResolver, type SenderAuthentication } from './email-auth.js';

/** An SMTP reply error with its code. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  const err = new Error(message) as Error & { responseCode: number };
  err.responseCode = code;
  return err;
}

interface Accepted extends InboundRecipient {
  /** The envelope sender already matched the allowlist. */
  envelopeAllowed: boolean;
  patterns: string[];
}

type Session = SMTPServerSession & { accepted?: Accepted[] };

const senderOf = (session: SMTPServerSession) =>
  session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() || null : null;

/** A running listener. */
export interface SmtpListener {
  port: number;
  close: () => Promise<void>;
}

/**
 * Starts the listener on `port` (0 = any free port) and `host`. `resolver` answers the DNS
 * look-ups of sender authentication (the system resolver when omitted).
 *
 * @returns the bound port and a close function
 */
export async function startSmtpListener(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db' | 'log' | 'queue'>,
  opts: { port?: number; host?: string; resolver?: DnsResolver } = {},
): Promise<SmtpListener> {
  const settings = ctx.config.sources;
  const maxBytes = settings.smtpMaxMessageBytes;
  const server = new SMTPServer({
    name: settings.emailDomain,
    banner: 'Document Intelligence Service inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    onRcptTo(address: SMTPServerAddress, s: SMTPServerSession, callback: (err?: Error | null) => void) {
      const session = s as Session;
      void acceptRecipient(ctx, address, session, callback).catch((err: unknown) => {
        ctx.log.error({ err }, 'smtp RCPT failed');
        callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
      });
    },
    onData(stream: SMTPServerDataStream, s: SMTPServerSession, callback: DataCallback) {
      const session = s as Session;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          const raw = Buffer.concat(chunks);
          if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 Message too big'));
          await deliverMessage(ctx, session, raw, opts.resolver, callback);
        })().catch((err: unknown) => {
          ctx.log.error({ err }, 'smtp DATA failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
      });
    },
  });
  server.on('error', (err) => ctx.log.error({ err }, 'smtp listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? settings.smtpListenPort ?? 2525, opts.host ?? settings.smtpListenHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  ctx.log.info({ port }, 'inbound SMTP listener started');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The answer to DATA: an error, or none and the reply text. */
type DataCallback = (err?: Error | null, message?: string) => void;

/**
 * RCPT TO: an organization's inbound address with forwarding on is added to the session's
 * accepted recipients (with its allowlist); any other is refused through `callback`.
 */
async function acceptRecipient(
  ctx: Pick<AppContext, 'config' | 'db'>,
  address: SMTPServerAddress,
  session: Session,
  callback: (err?: Error | null) => void,
): Promise<void> {
  const recipient = await resolveRecipient(ctx, address.address);
  if (!recipient) return callback(smtpError(550, '5.1.1 No such mailbox here'));
  const sender = senderOf(session);
  if (!recipient.enabled) {
    await audit(ctx, {
      organizationId: recipient.organizationId,
      decision: 'REJECTED',
      reason: 'email forwarding is disabled for the organization',
      sender,
      recipient: recipient.address,
      messageId: null,
      remoteAddress: session.remoteAddress ?? null,
    });
    return callback(smtpError(550, '5.7.1 Forwarding to this address is disabled'));
  }
  const patterns = await allowlistPatterns(ctx, recipient.organizationId);
  session.accepted = [
    ...(session.accepted ?? []),
    { ...recipient, patterns, envelopeAllowed: senderAllowed(patterns, sender) },
  ];
  callback();
}

/** One message as every recipient's check sees it. */
interface InboundMessage {
  raw: Buffer;
  /** The envelope sender (MAIL FROM), lower-cased; null for `<>`. */
  sender: string | null;
  headers: ReturnType<typeof messageHeaders>;
  /** The sender authentication, checked on first call only (once per message). */
  authenticated: () => Promise<SenderAuthentication>;
}

/** What a message came to over its recipients, for the DATA answer. */
interface DeliveryTally {
  delivered: number;
  /** The temporary (or size) refusal to answer when nothing was delivered. */
  temporary: Error | undefined;
  quarantined: boolean;
}

/** DATA: the message is checked and stored for each accepted recipient; `callback` answers. */
async function deliverMessage(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db' | 'log' | 'queue'>,
  session: Session,
  raw: Buffer,
  resolver: DnsResolver | undefined,
  callback: DataCallback,
): Promise<void> {
  const settings = ctx.config.sources;
  const sender = senderOf(session);
  const headers = messageHeaders(raw);
  const tally: DeliveryTally = { delivered: 0, temporary: undefined, quarantined: false };
  // Checked once per message, and only when a recipient's policy asks for it.
  let authentication: Promise<SenderAuthentication> | undefined;
  const authenticated = () => {
    authentication ??= authenticateSender(
      raw,
      { ip: session.remoteAddress ?? null, helo: session.hostNameAppearsAs ?? null, sender },
      { mta: settings.emailDomain, resolver },
    );
    return authentication;
  };
  const message: InboundMessage = { raw, sender, headers, authenticated };
  for (const r of session.accepted ?? []) await deliverTo(ctx, session, message, r, tally);
  if (tally.delivered > 0) return callback(null, 'Message accepted');
  callback(
    tally.temporary ??
      (tally.quarantined
        ? smtpError(550, '5.7.26 Message failed sender authentication (DKIM, SPF and DMARC)')
        : smtpError(550, '5.7.1 Sender not allowed to forward to this address')),
  );
}

/** The message for recipient `r`: refused, quarantined or stored (audited each way), counted in `tally`. */
async function deliverTo(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db' | 'log' | 'queue'>,
  session: Session,
  message: InboundMessage,
  r: Accepted,
  tally: DeliveryTally,
): Promise<void> {
  const { sender, headers } = message;
  const base = {
    organizationId: r.organizationId,
    sender,
    recipient: r.address,
    messageId: headers.messageId,
    remoteAddress: session.remoteAddress ?? null,
  };
  const strict = r.senderPolicy === 'ALLOWLIST_AND_DMARC';
  // DMARC authenticates the From: domain, so under it only the From: address counts.
  const allowed = strict
    ? senderAllowed(r.patterns, headers.from)
    : r.envelopeAllowed || senderAllowed(r.patterns, headers.from);
  if (!allowed) {
    await audit(ctx, {
      ...base,
      decision: 'REJECTED',
      reason: strict
        ? `sender not on the allowlist (From ${headers.from ?? 'none'}; envelope ${sender ?? '<>'} is not used, as the sender policy requires DMARC for the From: address)`
        : `sender not on the allowlist (envelope ${sender ?? '<>'}, From ${headers.from ?? 'none'})`,
    });
    return;
  }
  const auth = strict ? await message.authenticated() : undefined;
  if (auth && auth.verdict === 'temperror') {
    await audit(ctx, {
      ...base,
      decision: 'REJECTED',
      reason: `sender authentication could not be completed, the sender was asked to retry (451): ${auth.summary}`,
    });
    tally.temporary ??= smtpError(451, '4.7.5 Sender authentication failed temporarily, try again later');
    return;
  }
  if (auth && (auth.verdict !== 'pass' || !senderAllowed(r.patterns, auth.author))) {
    const why =
      auth.verdict === 'pass'
        ? `the authenticated From: address ${auth.author ?? 'none'} is not the one on the allowlist`
        : auth.summary;
    await audit(ctx, {
      ...base,
      decision: 'QUARANTINED',
      reason: `sender authentication failed (policy allowlist + DMARC pass): ${why}`,
    });
    tally.quarantined = true;
    return;
  }
  try {
    const { document, created } = await ingestMessage(ctx, {
      organizationId: r.organizationId,
      raw: message.raw,
      sender,
      recipient: r.address,
      authentication: auth?.summary ?? null,
    });
    await audit(ctx, {
      ...base,
      decision: 'ACCEPTED',
      reason: created ? 'stored as a document' : 'duplicate of an existing document',
      documentId: document.id,
    });
    tally.delivered += 1;
  } catch (err) {
    const detail = err instanceof HttpProblem ? err.detail : 'internal error';
    if (!(err instanceof HttpProblem)) ctx.log.error({ err }, 'smtp ingest failed');
    await audit(ctx, { ...base, decision: 'REJECTED', reason: `not stored: ${detail}` });
    tally.temporary =
      err instanceof HttpProblem && err.status !== 429
        ? smtpError(552, `5.3.4 ${detail}`)
        : smtpError(452, '4.3.1 Cannot store the message now, try again later');
  }
}
