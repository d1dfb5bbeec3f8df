import { openBrowser } from './browser.ts';

const [url, out, w] = process.argv.slice(2);
const b = await openBrowser(Number(w ?? 1280));
await b.page.goto(url);
await b.page.waitForTimeout(3000);
await b.page.screenshot({ path: out, fullPage: true });
console.log(b.errors);
await b.close();
