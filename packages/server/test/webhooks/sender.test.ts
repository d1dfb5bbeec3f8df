import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/webhooks/sender.js';

/** A receiver on 127.0.0.1 answering every request with `handler`. */
async function serve(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

const post = (url: string, timeoutMs = 2000) =>
  postWebhook({ url, payload: '{"type":"alert.created"}', headers: {}, timeoutMs, allowPrivate: true });

describe('postWebhook: what a receiver’s owner reads in the delivery log', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  it('does not follow a redirect and says where it pointed, so the URL can be corrected', async () => {
    let hits = 0;
    const { url, server } = await serve((_req, res) => {
      hits++;
      res.writeHead(301, { location: 'https://www.example.com/hook/' }).end();
    });
    servers.push(server);
    const result = await post(url);
    expect(result.status).toBe(301);
    expect(result.error).toBe(
      "redirect to https://www.example.com/hook/ not followed: set the webhook's URL to the final address",
    );
    expect(hits).toBe(1);
  });

  it('leaves error empty on an ordinary failure status', async () => {
    const { url, server } = await serve((_req, res) => res.writeHead(500).end('boom'));
    servers.push(server);
    expect(await post(url)).toMatchObject({ status: 500, body: 'boom' });
    expect((await post(url)).error).toBeUndefined();
  });

  it('times out a status whose body never ends, saying the status arrived', async () => {
    const { url, server } = await serve((_req, res) => {
      res.writeHead(200);
      res.write('a'); // then nothing: the body never ends
    });
    servers.push(server);
    const result = await post(url, 300);
    expect(result.status).toBeUndefined();
    expect(result.error).toBe('timed out after 0.3 s (status 200 arrived, its body did not end)');
  });

  it('times out a receiver that never answers', async () => {
    const { url, server } = await serve(() => {});
    servers.push(server);
    expect((await post(url, 300)).error).toBe('timed out after 0.3 s');
  });
});
