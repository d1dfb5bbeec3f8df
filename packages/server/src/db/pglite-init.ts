/**
 * Creates and migrates an embedded database directory, then exits: run as a child process by
 * `openDatabase` when the directory is new, so initdb's and the first migration's memory peak
 * (about 1 GiB of WebAssembly memory, which never shrinks) is returned to the system instead of
 * staying in the server process. Usage: node pglite-init.js <directory>
 */
import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, pgliteDatabase, pgliteOptions } from './client.js';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: pglite-init <directory>\n');
  process.exit(2);
}
const database = pgliteDatabase(await PGlite.create(dir, await pgliteOptions()));
await migrateDatabase(database);
await database.close();
