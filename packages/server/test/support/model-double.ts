import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the model double received. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
/** How the double answers one request: a status and JSON body, optionally after a delay. */
type Reply = { status?: number; body: unknown; delayMs?: number };

/**
 * A test double for the model only: a local HTTP server that speaks the OpenAI chat-completions
 * protocol (`POST /v1/chat/completions`) and the Anthropic messages protocol (`POST /v1/messages`),
 * answering from a queue of scripted replies and recording every request.
 */
export class ModelDouble {
  readonly seen: Seen[] = [];
  private replies: Reply[] = [];
  private server: Server = createServer((req, res) => this.handle(req, res));
  base = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
  /** Queues replies; a request with no reply left gets a 500. */
  script(...replies: Reply[]) {
    this.seen.length = 0;
    this.replies = replies;
  }
  private handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      this.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      });
      const reply = this.replies.shift() ?? {
        status: 500,
        body: { error: { message: 'no reply scripted' } },
      };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  }
}

/** A chat completion as OpenAI answers it. */
export const chatCompletion = (content: string, usage = { prompt_tokens: 120, completion_tokens: 7 }) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
});
