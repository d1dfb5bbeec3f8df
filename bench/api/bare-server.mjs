// A bare Fastify route: the ceiling the API is compared with (same HTTP stack, no auth, no database).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ id: '00000000-0000-0000-0000-000000000000', email: 'bench@localhost', roles: [] }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening on ${address}\n`);
